import { createSizedLru } from '../caching/sized-lru.ts';

/** A computation under way, shared by the callers asking for the same key meanwhile. */
interface Flight {
  promise: Promise<string>;
  product: string | undefined;
  /** A change it may have read past: its answer is not kept. */
  stale: boolean;
  /** Aborts once every caller waiting for it has left (the computation may stop: catalog/broad-reads.ts). */
  leaving: AbortController;
  /** Callers still waiting; Infinity once one that cannot leave (no signal) has asked, keeping it for good. */
  waiting: number;
}

/** What a caller asks along with its key. */
export interface Asked {
  /** The one product the answer shows, if it shows one alone (only a change of it drops the answer). */
  product?: string;
  /** Aborts when the caller leaves (its client hung up) before the answer. */
  caller?: AbortSignal;
}

/** A signal that never aborts: for a computation whose caller cannot leave. */
const staying = new AbortController().signal;

/** Counts `caller` among `flight`'s waiting callers, and tells the computation once the last has left. */
function join(flight: Flight, caller: AbortSignal | undefined) {
  if (!caller) {
    flight.waiting = Infinity;
    return;
  }
  if (caller.aborted) return;
  flight.waiting++;
  caller.addEventListener(
    'abort',
    () => {
      if (--flight.waiting === 0) flight.leaving.abort();
    },
    { once: true },
  );
}

/**
 * Serialized answers (the catalog's product lists and details), reused until the catalog changes here or `ttlMs`
 * passes (writes made by other api instances show up after at most that long). Orders re-check stock in
 * their transaction, so a briefly stale stock figure on a page never oversells.
 *
 * Concurrent misses for the same key share one computation, so a burst after an invalidation costs one
 * database round, not one per request; an answer computed across a change that could touch it is not kept.
 *
 * Full, it lets the least recently used answers go, never all of them: under a stream of one-off queries
 * (search-as-you-type with product numbers, random filters) clearing when full threw the popular answers
 * out with the rest several times a second (suggestions' hit rate 34% where keeping the recent ones gives
 * 55%, `api/bench/run.ts`). Bounded in characters, so the memory it holds does not depend on the answers'
 * sizes (a list page is ~4 KB, a suggestion ~1 KB).
 */
export function createAnswerCache(
  ttlMs: number,
  options: { maxChars?: number; onLookup?: (result: 'hit' | 'shared' | 'miss') => void } = {},
) {
  const { maxChars = 8_000_000, onLookup = () => {} } = options;
  // `product`: the one product an answer shows (a product's own answer), which only a change of that
  // product drops.
  const entries = createSizedLru<{ body: string; expires: number; product?: string }>({
    maxSize: maxChars,
    sizeOf: (entry) => entry.body.length,
  });
  const inFlight = new Map<string, Flight>();
  const invalidationListeners: ((products?: readonly string[]) => void)[] = [];

  function get(key: string) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  const put = (key: string, body: string, product: string | undefined) =>
    entries.set(key, { body, expires: Date.now() + ttlMs, ...(product ? { product } : {}) });

  return {
    /**
     * The answer under `key`. `compute` is given a signal that aborts once every caller waiting for its
     * answer has left: one shopper typing past a text does not stop the answer another is waiting for.
     */
    async getOrCompute(
      key: string,
      compute: (leaving: AbortSignal) => Promise<string>,
      { product, caller }: Asked = {},
    ): Promise<string> {
      if (ttlMs <= 0) {
        onLookup('miss');
        return compute(caller ?? staying);
      }
      const cached = get(key);
      if (cached !== undefined) {
        onLookup('hit');
        return cached;
      }
      // One every caller has left is stopping: a newcomer gets a computation of its own.
      const pending = inFlight.get(key);
      if (pending && !pending.leaving.signal.aborted) {
        onLookup('shared');
        join(pending, caller);
        return pending.promise;
      }
      onLookup('miss');
      const flight: Flight = {
        product,
        stale: false,
        promise: Promise.resolve(''),
        leaving: new AbortController(),
        waiting: 0,
      };
      join(flight, caller);
      if (flight.waiting === 0) flight.leaving.abort();
      flight.promise = compute(flight.leaving.signal)
        .then((body) => {
          if (!flight.stale) put(key, body, product);
          return body;
        })
        .finally(() => {
          if (inFlight.get(key) === flight) inFlight.delete(key);
        });
      inFlight.set(key, flight);
      return flight.promise;
    },
    /**
     * Any product, review, stock or reviewer change. `products` names the products it changed: their own
     * answers go, and every answer that is not one product's alone (lists, suggestions: any product may be
     * in them); other products' own answers stay. None named: anything may have changed, everything goes.
     */
    invalidate(products?: readonly string[]) {
      const changed = products ? new Set(products) : null;
      const goes = (product: string | undefined) => !changed || !product || changed.has(product);
      for (const [key, entry] of entries.entries()) if (goes(entry.product)) entries.delete(key);
      // Computations already running may have read the old catalog: not kept, and later callers must not
      // join them.
      for (const [key, flight] of inFlight)
        if (goes(flight.product)) {
          flight.stale = true;
          inFlight.delete(key);
        }
      for (const listener of invalidationListeners) listener(products);
    },
    /** Runs `listener` on every `invalidate()`, with its products: what else holds the catalog (the list's memory index). */
    onInvalidate(listener: (products?: readonly string[]) => void) {
      invalidationListeners.push(listener);
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
