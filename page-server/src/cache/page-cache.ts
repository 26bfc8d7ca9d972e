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

/** How many drops are remembered to judge a render that began before them; one older is not kept. */
const REMEMBERED_DROPS = 32;

/**
 * The page server's cache of public pages (home, catalog, product pages), least recently used first out,
 * bounded in entries and bytes. `drop(affects)` lets go of the pages a catalog change touched, `clear()`
 * of all; a render that started before a drop of its page is not kept (`generation`), so a page rendered
 * from the old catalog never outlives the change.
 */
export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;
  /** The last drops, oldest first, each with the generation it began. */
  const drops: { generation: number; affects: (key: string) => boolean }[] = [];
  const droppedSince = (key: string, startedIn: number) =>
    startedIn < generation - drops.length ||
    drops.some((drop) => drop.generation > startedIn && drop.affects(key));

  const remove = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };

  /** The pages whose keys `affects` go: what a catalog change touched. */
  function drop(affects: (key: string) => boolean): void {
    for (const key of [...entries.keys()]) if (affects(key)) remove(key);
    generation++;
    drops.push({ generation, affects });
    if (drops.length > REMEMBERED_DROPS) drops.shift();
  }

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
    /** Keeps `page` unless its key was dropped since `startedIn` (the generation its render began in). */
    set(key: string, page: CachedPage, startedIn: number): void {
      if (startedIn !== generation && droppedSince(key, startedIn)) return;
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
    drop,
    /** Every page goes: anything in the catalog may have changed. */
    clear: () => drop(() => true),
    get generation() {
      return generation;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
