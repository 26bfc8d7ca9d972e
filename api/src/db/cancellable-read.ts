import { sql } from 'drizzle-orm';
import { postgresConnections, type Db, type DbOrTx } from './client.ts';
import { rowsOf } from './rows.ts';

/** The stoppable reads of each pool under way (`readCancellable`). */
const stoppable = new WeakMap<Db, number>();

/**
 * Runs `read` on `db`; on PostgreSQL, once `leaving` aborts, the statement under way is cancelled
 * (`pg_cancel_backend`, from another connection of the pool) and `read` fails with it. A list of one
 * letter or a suggestion at a million products runs for a second, holding the one turn of the broad reads
 * (catalog/broad-reads.ts) for an answer no one will read once the shopper has typed on.
 *
 * The read then runs in a transaction, so that its statements share one backend whose id is known. PGlite
 * runs one statement at a time in its own thread and cannot be interrupted: there, and without `leaving`,
 * `read` just runs.
 *
 * A read being stopped keeps its connection until the cancel has reached it, and the cancel needs another
 * connection of the pool. So at most one less than the pool's connections are stoppable at once; past that
 * (and always on a pool of one) `read` just runs too. Else a pool whose every connection held a read
 * waiting for its cancel would wait for itself.
 */
export async function readCancellable<T>(
  db: DbOrTx,
  leaving: AbortSignal | undefined,
  read: (reader: DbOrTx) => Promise<T>,
): Promise<T> {
  const pool = db as Db;
  const held = stoppable.get(pool) ?? 0;
  if (!leaving || held + 1 >= postgresConnections(pool)) return read(db);
  stoppable.set(pool, held + 1);
  try {
    return await stoppableRead(pool, leaving, read);
  } finally {
    stoppable.set(pool, stoppable.get(pool)! - 1);
  }
}

function stoppableRead<T>(pool: Db, leaving: AbortSignal, read: (reader: DbOrTx) => Promise<T>): Promise<T> {
  return pool.transaction(async (tx) => {
    const [backend] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
    let cancelling: Promise<unknown> | undefined;
    const cancel = () => {
      cancelling = pool.execute(sql`select pg_cancel_backend(${backend!.pid})`).catch(() => undefined);
    };
    if (leaving.aborted) cancel();
    else leaving.addEventListener('abort', cancel, { once: true });
    try {
      return await read(tx);
    } finally {
      leaving.removeEventListener('abort', cancel);
      // The backend stays this transaction's until the cancel has reached it: a cancel arriving after the
      // connection went back to the pool could stop another caller's statement. A backend between two
      // statements ignores a cancel, so none is left over for the next.
      await cancelling;
    }
  });
}
