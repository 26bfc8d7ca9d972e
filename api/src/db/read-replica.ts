import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { asPostgresPool, type Db } from './client.ts';
import * as schema from './schema.ts';
import { rowsOf } from './rows.ts';
import { isDatabaseUnavailable, isRecoveryConflict } from './errors.ts';

/**
 * Where the catalog's reads go (issue 27): the primary, or a streaming read replica when DATABASE_READ_URL
 * names one. Writes, and every read of a request that writes, stay on the primary (routes use `ctx.db`);
 * only the storefront's catalog reads (the list, a product, the memory index's load) ask `pick()`.
 *
 * A replica replays the primary's WAL a little behind it. So that no reader sees the catalog older than a
 * write it could know of (an admin's edit, then the product page), each catalog write noted here
 * (`written()`: this instance's writes and, through LISTEN/NOTIFY, every other instance's) takes the
 * primary's WAL position after it committed, and the replica is read only once it has replayed that far
 * (`pg_last_wal_replay_lsn()`, asked again only while it is behind). Behind or unreachable, the primary
 * answers: a lagging or failed replica costs load, never a stale page.
 */
export interface CatalogReads {
  /**
   * Runs a catalog read on the replica when it is caught up, else on the primary; a read the replica cannot
   * answer (it went away mid-query, or cancelled it for its replay) is run again on the primary.
   */
  read<T>(query: (db: Db) => Promise<T>): Promise<T>;
  /** A catalog write committed (here or on another instance): read nothing older from the replica. */
  written(): void;
  close(): Promise<void>;
}

/** PostgreSQL's `X/Y` WAL position (two hex halves) as one number, comparable across calls. */
export function walPosition(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined || !/^[0-9A-F]+$/i.test(high + low))
    throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** The primary's WAL position now: at or past every transaction committed before the call. */
async function primaryPosition(primary: Db): Promise<bigint> {
  const [row] = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
  return walPosition(row!.lsn);
}

/**
 * How far the replica has replayed; a server that is not in recovery (DATABASE_READ_URL naming a primary)
 * holds every commit it knows of, and counts as caught up.
 */
async function replicaPosition(replica: Db): Promise<bigint> {
  const [row] = rowsOf<{ lsn: string | null }>(
    await replica.execute(sql`select pg_last_wal_replay_lsn()::text as lsn`),
  );
  return row?.lsn ? walPosition(row.lsn) : BigInt(Number.MAX_SAFE_INTEGER) << 32n;
}

/** Every catalog read on the primary: no replica configured, or PGlite. */
export const primaryOnly = (primary: Db): CatalogReads => ({
  read: (query) => query(primary),
  written: () => {},
  close: async () => {},
});

/** How long a failing replica is left alone before it is asked again. */
export const REPLICA_RETRY_MS = 5_000;

/** `poolSize` connections to the replica per instance, as many as to the primary (db/client.ts). */
export async function openCatalogReads(
  primary: Db,
  readUrl: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  poolSize: number,
): Promise<CatalogReads> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(readUrl, { max: poolSize, connect_timeout: 5, onnotice: () => {} });
  const replica = asPostgresPool(drizzle({ client, schema }) as unknown as Db, poolSize);
  return routeCatalogReads(primary, replica, log, () => client.end({ timeout: 5 }));
}

/** The routing itself, over any two databases (tests give it two drizzle handles). */
export function routeCatalogReads(
  primary: Db,
  replica: Db,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  close: () => Promise<void> = async () => {},
): CatalogReads {
  // The position the replica must have replayed: the primary's at start, then after each catalog write.
  let needed: Promise<bigint> | undefined;
  let replayed = -1n;
  let replicaFailing = false;
  /** While the replica fails, when to try it again: not on every read, as a vanished host costs a time-out. */
  let retryAt = 0;
  const note = () => {
    const position = primaryPosition(primary);
    position.catch(() => {});
    needed = position;
  };
  note();
  const failed = (error: unknown) => {
    // Asked again before the next read: back to the replica as soon as it answers and has caught up.
    replayed = -1n;
    retryAt = Date.now() + REPLICA_RETRY_MS;
    if (!replicaFailing)
      log.warn({ err: error }, 'read replica unreachable: catalog reads go to the primary');
    replicaFailing = true;
  };

  async function pick(): Promise<Db> {
    let want: bigint;
    try {
      want = await (needed ??= primaryPosition(primary));
    } catch {
      // The primary cannot say where it is (it is down, and its own reads will answer 503): ask again next time.
      needed = undefined;
      return primary;
    }
    if (replayed >= want) return replica;
    if (replicaFailing && Date.now() < retryAt) return primary;
    try {
      replayed = await replicaPosition(replica);
      if (replicaFailing) log.info('read replica answers again: catalog reads go back to it');
      replicaFailing = false;
    } catch (error) {
      failed(error);
      return primary;
    }
    return replayed >= want ? replica : primary;
  }

  return {
    written: note,
    async read(query) {
      const db = await pick();
      if (db === primary) return query(primary);
      try {
        return await query(replica);
      } catch (error) {
        // Only a replica that cannot answer sends the read to the primary. Any other failure (a read
        // cancelled because its caller left, a broad read refused for a full line, bad input) is the
        // read's own: the primary would give the same, and the replica is well.
        if (!isDatabaseUnavailable(error) && !isRecoveryConflict(error)) throw error;
        failed(error);
        return query(primary);
      }
    },
    close,
  };
}
