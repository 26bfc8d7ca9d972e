/**
 * Serialized product-list answers, reused until the catalog changes here or `ttlMs` passes (writes made by
 * other api instances show up after at most that long). Orders re-check stock in their transaction, so a
 * briefly stale stock figure on a list never oversells.
 */
export function createCatalogCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { body: string; expires: number }>();
  return {
    get(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.body;
    },
    set(key: string, body: string) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { body, expires: Date.now() + ttlMs });
    },
    /** Any product, review or stock change. */
    invalidate() {
      entries.clear();
    },
  };
}
export type CatalogCache = ReturnType<typeof createCatalogCache>;
