import { sql } from 'drizzle-orm';
import { cancelsStatements, type Db, type DbOrTx } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Runs `read` on `db`; on PostgreSQL, once `leaving` aborts, the statement under way is cancelled
 * (`pg_cancel_backend`, from another connection of the pool) and `read` fails with it. A list of one
 * letter or a suggestion at a million products runs for a second, holding the one turn of the broad reads
 * (catalog/broad-reads.ts) for an answer no one will read once the shopper has typed on.
 *
 * The read then runs in a transaction, so that its statements share one backend whose id is known. PGlite
 * runs one statement at a time in its own thread and cannot be interrupted: there, on a pool of one
 * connection, and without `leaving`, `read` just runs.
 *
 * A read being stopped keeps its connection until the cancel has reached it, and the cancel needs another
 * connection: fewer such reads at once than the pool has connections, or the pool waits for itself. The
 * broad reads' turn runs one at a time.
 */
export async function readCancellable<T>(
  db: DbOrTx,
  leaving: AbortSignal | undefined,
  read: (reader: DbOrTx) => Promise<T>,
): Promise<T> {
  if (!leaving || !cancelsStatements(db)) return read(db);
  const pool = db as Db;
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
