import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { MessagePort } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Options as PostgresOptions } from 'postgres';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The same drizzle surface over PGlite and postgres.js. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/** The PostgreSQL pools (primary and replica), by how many connections each may open. */
const postgresPools = new WeakMap<Db, number>();

/** Says that `db` is a pool of at most `connections` PostgreSQL connections (db/cancellable-read.ts). */
export function asPostgresPool(db: Db, connections: number): Db {
  postgresPools.set(db, connections);
  return db;
}

/** The connections of `db` when it is a PostgreSQL pool (`asPostgresPool`); 0 for PGlite or a transaction. */
export const postgresConnections = (db: DbOrTx) => postgresPools.get(db as Db) ?? 0;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections the pool may open at once (PGlite: its one in-process connection). */
  maxConnections: number;
  /** PostgreSQL's LISTEN/NOTIFY between the instances sharing the database; none on PGlite. */
  notifications?: Notifications;
  /**
   * How a thread of the api's own (catalog/catalog-thread/) reaches this database (`connectInThread`):
   * PostgreSQL's address, or a new port to the embedded database's thread. None for an in-memory PGlite,
   * which only the thread that made it can reach.
   */
  threadLink?: () => DatabaseLink;
  close(): Promise<void>;
}

export interface Notifications {
  /**
   * Calls `onMessage` with each payload sent on `channel`, over a dedicated connection that reconnects
   * when it drops; `onListening` runs each time it (re)starts listening, as messages sent while it was
   * away are lost.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

/** How another thread reaches the database: PostgreSQL's address, or a port to the embedded database's thread. */
export type DatabaseLink = { url: string } | { port: MessagePort };

/**
 * postgres.js connections per instance (`DATABASE_POOL_SIZE`): about twice the database's cores, as
 * PostgreSQL's own advice has it, since more statements at once than cores only take turns on them.
 * On this machine's two cores, with the database beside the api, 50 connections of random lists at
 * 1,000,000 products answered as many a second with 5 as with 10 (five pairs alternated: 1,677-2,250
 * against 1,633-2,063) and `/health`'s p99 fell from 16-22 to 13-16 ms: ten backends running at once
 * took the api's thread its turns on the cores. A larger database wants more (docs/deploy.md).
 */
export const DEFAULT_POOL_SIZE = 5;

/** Any fixed number: the advisory lock instances take to migrate one at a time. */
const MIGRATION_LOCK = 7_264_001;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * A pool of at most `max` connections to the PostgreSQL at `databaseUrl`, drizzle over it, and how to
 * close it; no migration (`openDatabase` runs them; a thread of the api's own, `connectInThread`, only connects).
 */
async function connectPostgres(databaseUrl: string, max: number) {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // connect_timeout bounds how long a request waits for an unreachable server before its 503 (default 30 s).
  // JIT off: the shop's queries are short, and PostgreSQL compiles one whenever its estimate passes
  // jit_above_cost, an estimate a branch never run can make: the list's count over the words of an
  // unknown keyword (list-counts.ts) spent 15-17 ms compiling to answer in 0.1 ms.
  //
  // At most one statement waiting on a busy connection (max_pipeline 1; postgres.js's types omit it, and 0
  // breaks its transactions). By default it sends a statement on a connection still running others, up to
  // 100 deep, so a quick one (a product page, the readiness probe's `select 1`) waited there behind slow
  // counts while other connections went free. At 1,000,000 products that was the list's p99 once its
  // statements were prepared (245-280 -> 142-163 ms); answers coming back in bursts stalled the event loop
  // (40-59 -> 32 ms at most), and /health's p99 with it (45-52 -> 26-30 ms).
  const options: PostgresOptions<Record<string, never>> & { max_pipeline: number } = {
    max,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { jit: 'off' },
    max_pipeline: 1,
  };
  const client = postgres(databaseUrl, options);
  const db = drizzle({ client, schema });
  // `db` for the migrator, which wants postgres.js's own type; `shopDb` as the shop's one surface (Db).
  return {
    client,
    db,
    shopDb: asPostgresPool(db as unknown as Db, max),
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * drizzle over the database `link` names, from another thread than the api's (no migration): a pool of
 * `max` connections to PostgreSQL, or the embedded database's thread through its port.
 */
export async function connectInThread(
  link: DatabaseLink,
  max: number,
): Promise<{ db: Db; close(): Promise<void> }> {
  if ('url' in link) {
    const { shopDb, close } = await connectPostgres(link.url, max);
    return { db: shopDb, close };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { PgliteThread } = await import('./pglite-thread/pglite-thread.ts');
  const client = PgliteThread.over(link.port);
  return {
    db: drizzle({ client: client as unknown as PGlite, schema }) as unknown as Db,
    close: () => client.close(),
  };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in `pgliteDir`
 * (in memory when `pgliteDir` is 'memory'), and applies pending migrations either way.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL's connections (`DEFAULT_POOL_SIZE` unless given). */
  poolSize?: number;
  pgliteDir?: string;
  /**
   * In memory, start from this copy of a database (PGlite's `dumpDataDir`) rather than an empty one: the
   * tests migrate one per run and start each file's from it (an empty one is ~1.1 s of initdb).
   */
  pgliteDump?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    const { client, db, shopDb, close } = await connectPostgres(options.databaseUrl, poolSize);
    // Instances starting together on a new or upgraded database would run the same migration twice (the
    // second fails "already exists"): one migrates at a time, the others then find nothing to do.
    const lock = await client.reserve();
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(db, { migrationsFolder });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
      lock.release();
    }
    const notifications: Notifications = {
      listen: (channel, onMessage, onListening) => client.listen(channel, onMessage, onListening),
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    };
    return {
      db: shopDb,
      kind: 'postgres',
      threadLink: () => ({ url: options.databaseUrl! }),
      maxConnections: poolSize,
      notifications,
      close,
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = options.pgliteDir ?? 'memory';
  let client: { close(): Promise<void> };
  let threadLink: Database['threadLink'];
  if (dir === 'memory') {
    // A throwaway database (tests): in this thread, as nothing else waits on it.
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the trigram index of the catalog's keyword (migration 0014).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    client = new PGlite({
      extensions: { pg_trgm },
      ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    });
  } else {
    // The shop's own database: in a thread of its own, so a long query never stalls the api's requests.
    mkdirSync(dir, { recursive: true });
    const { PgliteThread } = await import('./pglite-thread/pglite-thread.ts');
    const thread = await PgliteThread.open(dir);
    client = thread;
    threadLink = () => ({ port: thread.link() });
  }
  // drizzle calls `query` and `transaction`, which the thread's proxy answers as PGlite does.
  const db = drizzle({ client: client as PGlite, schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    // The database's thread would keep a failed start (a CLI, a test) from ever exiting.
    await client.close().catch(() => {});
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    maxConnections: 1,
    ...(threadLink ? { threadLink } : {}),
    close: () => client.close(),
  };
}
