/**
 * Serialized answers (the catalog's product lists and details), reused until the catalog changes here or `ttlMs`
 * passes (writes made by other api instances show up after at most that long). Orders re-check stock in
 * their transaction, so a briefly stale stock figure on a page never oversells.
 *
 * Concurrent misses for the same key share one computation, so a burst after an invalidation costs one
 * database round, not one per request; an answer computed across an invalidation is not kept.
 */
export function createAnswerCache(
  ttlMs: number,
  options: { maxEntries?: number; onLookup?: (result: 'hit' | 'shared' | 'miss') => void } = {},
) {
  const { maxEntries = 500, onLookup = () => {} } = options;
  const entries = new Map<string, { body: string; expires: number }>();
  const inFlight = new Map<string, Promise<string>>();
  let version = 0;
  const invalidationListeners: (() => void)[] = [];

  function get(key: string) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  return {
    async getOrCompute(key: string, compute: () => Promise<string>): Promise<string> {
      if (ttlMs <= 0) {
        onLookup('miss');
        return compute();
      }
      const cached = get(key);
      if (cached !== undefined) {
        onLookup('hit');
        return cached;
      }
      const pending = inFlight.get(key);
      if (pending) {
        onLookup('shared');
        return pending;
      }
      onLookup('miss');
      const startedAt = version;
      const promise = compute()
        .then((body) => {
          if (version === startedAt) {
            if (entries.size >= maxEntries) entries.clear();
            entries.set(key, { body, expires: Date.now() + ttlMs });
          }
          return body;
        })
        .finally(() => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
        });
      inFlight.set(key, promise);
      return promise;
    },
    /** Any product, review, stock or reviewer change. */
    invalidate() {
      version++;
      entries.clear();
      // Computations already running may have read the old catalog: later callers must not join them.
      inFlight.clear();
      for (const listener of invalidationListeners) listener();
    },
    /** Runs `listener` on every `invalidate()`: what else holds the catalog (the list's memory index). */
    onInvalidate(listener: () => void) {
      invalidationListeners.push(listener);
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
