/** A rendered page as the cache keeps it: compressed once, sent many times. */
export interface CachedPage {
  status: number;
  /** Its Content-Type. */
  type: string;
  /** The page compressed with brotli, as browsers take it; the other forms are made from it. */
  br: Buffer;
  /** Made from `br` for the first client that takes gzip only, then kept. */
  gzip?: Buffer;
  etag: string;
  /** The page's Content-Security-Policy (its inline scripts' hashes). */
  csp: string;
  renderedAt: number;
  /** `br` is brotli's best (compressedHarder), made once the page was asked for again. */
  compressedHarder?: true;
}

export interface PageCacheOptions {
  /** Most pages kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept (the pages compressed). */
  maxBytes: number;
  /** A page this young is sent as it is. */
  freshMs: number;
  /** Older than fresh but this young: sent at once while a new render replaces it (stale-while-revalidate). */
  staleMs: number;
  now?: () => number;
}

export type CacheHit = { page: CachedPage; fresh: boolean };

const sizeOf = (page: CachedPage) => page.br.length;

/**
 * The page server's cache of public pages (home, catalog, product pages), least recently used first out,
 * bounded in entries and bytes. `clear()` drops every page when the catalog changes; a render that started
 * before a clear is not kept (`generation`), so a page rendered from the old catalog never outlives it.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };

  return {
    get(key: string): CacheHit | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      const age = now() - page.renderedAt;
      if (age > options.freshMs + options.staleMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, page);
      return { page, fresh: age <= options.freshMs };
    },
    /** Keeps `page` unless the cache was cleared since `startedIn` (the generation its render began in). */
    set(key: string, page: CachedPage, startedIn: number): void {
      if (startedIn !== generation) return;
      remove(key);
      if (sizeOf(page) > options.maxBytes) return;
      entries.set(key, page);
      bytes += sizeOf(page);
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
    /** Puts `next` in place of `page` if the cache still holds that very page under `key` (same content). */
    replace(key: string, page: CachedPage, next: CachedPage): void {
      if (entries.get(key) !== page) return;
      entries.set(key, next);
      bytes += sizeOf(next) - sizeOf(page);
    },
    /** Every page goes: the catalog (or the release rendering it) changed. */
    clear(): void {
      entries.clear();
      bytes = 0;
      generation++;
    },
    get generation() {
      return generation;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
