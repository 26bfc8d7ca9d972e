// Catalog reads whose cost grows with the catalog, read one at a time (issue 27): a list whose keyword no
// index narrows, and the search box's suggestions when the database works them out.
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
/** Whether the caller of the request under way is still there to be answered (`forCaller`). */
const callers = new AsyncLocalStorage<() => boolean>();

/** This instance's broad reads now: running (at most `BROAD_READS_AT_ONCE`) and waiting their turn. */
export const broadReadsUnderWay = () => ({ running: inTurn.activeCount, waiting: inTurn.pendingCount });

const busy = () => new HttpError(503, BROAD_READS_BUSY_MESSAGE, { retryAfterSeconds: 1 });

/**
 * Runs `work` for a caller who may leave: a broad read it asks for is dropped if, when its turn comes, the
 * caller has gone (`stillThere` false). The search box aborts the request of every text the shopper has
 * typed past, and at a million products each would otherwise hold the one turn for a second.
 */
export const forCaller = <T>(stillThere: () => boolean, work: () => Promise<T>): Promise<T> =>
  callers.run(stillThere, work);

/**
 * `read` in its turn among the broad reads; no connection is held while it waits. Dropped with the same
 * 503 as a full line when its caller has left meanwhile: another request sharing its answer (the answer
 * cache's) is then told to come back.
 */
export function readInTurn<T>(read: () => Promise<T>): Promise<T> {
  if (inTurn.pendingCount >= BROAD_READS_WAITING) return Promise.reject(busy());
  const stillThere = callers.getStore();
  return inTurn(() => (stillThere && !stillThere() ? Promise.reject(busy()) : read()));
}
