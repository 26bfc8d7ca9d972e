// Catalog reads whose cost grows with the catalog, read one at a time (issue 27): a list whose keyword no
// index narrows, and the search box's suggestions that rank every match (catalog/suggestion-statements.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import pLimit from 'p-limit';
import { HttpError } from '../http/errors.ts';
import type { ListShape } from './list-shape.ts';

/**
 * Whether a list's cost grows with the catalog: a keyword of one or two characters (counted over its words
 * while they are few, else over every name), or one that lies in no single word (digits alone, or several
 * words), counted over the names. At 1,300,000 products such lists took 0.3 ms to 0.97 s; a keyword of
 * three characters or more in one word took 11 ms at most (docs/performance.md).
 */
export const isBroadList = (shape: ListShape) => shape.keyword === 'sizes' || shape.keyword === 'names';

/**
 * Broad reads this instance runs at once. One keeps the other connections of the pool (5) and one of the
 * machine's cores for every other list, order and login: ten clients sending letters with varied filters
 * took the other lists from 796 to 39-46 a second when each letter took a connection of its own.
 */
export const BROAD_READS_AT_ONCE = 1;
/**
 * Broad reads waiting their turn at most; beyond it a caller is told to come back (503 with Retry-After).
 * The dearest take ~1 s at 1,300,000 products, so the last in line waits about 7 s; a keyword of one or
 * two characters in few words takes under a millisecond and barely waits.
 */
export const BROAD_READS_WAITING = 8;

export const BROAD_READS_BUSY_MESSAGE = 'The shop is busy with broad searches, retry in a moment';

const inTurn = pLimit(BROAD_READS_AT_ONCE);
/** The request under way's signal that its caller has left (`forCaller`). */
const callers = new AsyncLocalStorage<AbortSignal>();

/** This instance's broad reads now: running (at most `BROAD_READS_AT_ONCE`) and waiting their turn. */
export const broadReadsUnderWay = () => ({ running: inTurn.activeCount, waiting: inTurn.pendingCount });

const busy = () => new HttpError(503, BROAD_READS_BUSY_MESSAGE, { retryAfterSeconds: 1 });

/**
 * Runs `work` for a caller who may leave (`leaving` aborts then): a broad read it asks for is dropped if
 * its caller has gone when its turn comes, and given `leaving` to stop early if it goes while it runs. The
 * search box aborts the request of every text the shopper has typed past, and at a million products each
 * would otherwise hold the one turn for a second.
 */
export const forCaller = <T>(leaving: AbortSignal, work: () => Promise<T>): Promise<T> =>
  callers.run(leaving, work);

/**
 * `read` in its turn among the broad reads; no connection is held while it waits. `read` is given its
 * caller's `leaving` signal (db/cancellable-read.ts stops the statement with it). Dropped, or failed
 * because its caller left (every one of them, when the answer cache shares it), it answers the same 503
 * as a full line, read by no one.
 */
export function readInTurn<T>(read: (leaving: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (inTurn.pendingCount >= BROAD_READS_WAITING) return Promise.reject(busy());
  const leaving = callers.getStore();
  return inTurn(async () => {
    if (leaving?.aborted) throw busy();
    try {
      return await read(leaving);
    } catch (error) {
      throw leaving?.aborted ? busy() : error;
    }
  });
}
