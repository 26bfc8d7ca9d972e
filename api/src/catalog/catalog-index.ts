import type { z } from 'zod';
import type { Product, ProductSuggestion, productListQuerySchema } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import { loadProductPage, loadProductView } from './product-repository.ts';
import { loadSuggestions } from './suggestion-statements.ts';
import { countCatalog } from './list-counts.ts';
import { readCatalogChanges, readCatalogRevision } from './catalog-revision.ts';
import {
  loadCatalogProducts,
  loadCatalogSnapshot,
  pageOfSnapshot,
  productOfSnapshot,
  patchSnapshot,
  suggestionsOfSnapshot,
  type CatalogPage,
  type CatalogSnapshot,
} from './catalog-snapshot.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * How long the catalog must go without a change the index cannot patch before it loads again (~0.2-0.3 s
 * for 10,000 products): long enough that a burst of such changes costs one load.
 */
export const CATALOG_QUIET_MS = 1000;

/**
 * How often a catalog found larger than the index may hold is counted again (one row of `catalog_counts`),
 * so the index comes back once products were deleted below the bound.
 */
export const TOO_LARGE_RECHECK_MS = 5000;

/**
 * How old a snapshot on PostgreSQL may grow before it is read whole again: the changes feed brings every
 * write made through the api, this one a write made around it (psql, a restore) within ten minutes.
 */
export const CATALOG_FULL_REFRESH_MS = 10 * 60_000;

/** The most products one change may name and still be patched into the snapshot (as many as a NOTIFY names). */
const MOST_PATCHED = 250;

/** How many times a patch reads its products again because they were changed again meanwhile. */
const MOST_PATCH_READS = 3;

/**
 * The storefront list answered from memory: every filter, keyword and page combination costs a scan of
 * the catalog in JS (well under a millisecond for 10,000 products) instead of a database round.
 *
 * Freshness: `invalidate(products)` (a local product, review or stock change, wired to the catalog answer
 * cache; another instance's through LISTEN/NOTIFY) sets the snapshot aside, reads the named products
 * again and puts them in it (`patchSnapshot`): an order costs a read of its lines' products, and the list
 * is back in memory within milliseconds, however often orders come; a product added or deleted is
 * placed on or taken off the shelves the same way. Meanwhile lists are answered by the database query
 * (`loadProductPage`), so this instance always reads its own writes. A change that names nothing (an
 * import, a seed), or one the snapshot cannot place (a creation time moved, or shared to the millisecond),
 * drops it; a whole new one is loaded in the background once the catalog has been quiet for `quietMs`,
 * so a burst of such writes costs one load after it; products named while a load reads are patched into
 * what it read. Writes no notice told of (PostgreSQL only; PGlite has one process) are found in the
 * changes feed, asked every `refreshMs` (`catchUp`), and writes made around the api by a whole read every
 * `fullRefreshMs`, while the old snapshot still answers.
 *
 * Size (issue 27): a snapshot costs ~2.3 KB of memory a product and its load holds the process (16 s on
 * PGlite at a million products). Above `maxProducts` nothing is loaded and every list is the database's,
 * so memory does not grow with the catalog and no load freezes the api; the size is counted again every
 * few seconds (`TOO_LARGE_RECHECK_MS`).
 */
export function createCatalogIndex(
  /** Runs a read of the catalog (on the primary, or a caught-up replica: db/read-replica.ts). */
  read: <T>(query: (db: Db) => Promise<T>) => Promise<T>,
  options: {
    /**
     * How often the snapshot asks the catalog's changes feed what other instances changed that no notice
     * told of (PostgreSQL); null: never (PGlite: one process, every write is this one's).
     */
    refreshMs: number | null;
    /** How old a snapshot may grow before it is read whole again (writes made outside the api); null: never. */
    fullRefreshMs?: number | null;
    quietMs: number;
    /** Where the snapshot, its revision and patches are read: the primary (a replica may be behind). */
    readPrimary?: <T>(query: (db: Db) => Promise<T>) => Promise<T>;
    /** The most products the index holds in memory; a larger catalog is answered by the database. */
    maxProducts: number;
    /** Each list answered: from the snapshot in memory, or by the database while there is none. */
    onAnswer?: (source: 'memory' | 'database') => void;
    /** Lists start (true) or stop (false) being answered from memory. */
    onHolding?: (holds: boolean) => void;
    /** The catalog was found larger than `maxProducts`: nothing is held until it is counted within the bound again. */
    onOutgrown?: () => void;
  },
) {
  const onAnswer = options.onAnswer ?? (() => {});
  const readPrimary = options.readPrimary ?? read;
  let snapshot: CatalogSnapshot | undefined;
  /** The catalog's revision the snapshot holds every change up to (catalog-revision.ts). */
  let revision: number | undefined;
  let checkedAt = performance.now();
  let checking = false;
  /** A snapshot set aside until the products named since are read again and put in it. */
  let behind: { snapshot: CatalogSnapshot; pending: Set<string> } | undefined;
  let loading: Promise<CatalogSnapshot | undefined> | undefined;
  /** Products named while the current load reads: patched into it once it is read. */
  let namedDuringLoad: Set<string> | undefined;
  let patching: Promise<void> | undefined;
  /** Changes that named nothing: they spoil loads under way. */
  let namelessChanges = 0;
  let lastNamelessChange = -Infinity;
  let foundTooLargeAt = -Infinity;

  /** Puts `next` in place as the snapshot lists are answered from, and says when there starts or stops being one. */
  function hold(next: CatalogSnapshot | undefined) {
    const changed = (next === undefined) !== (snapshot === undefined);
    snapshot = next;
    if (changed) options.onHolding?.(next !== undefined);
  }

  function outgrown() {
    foundTooLargeAt = performance.now();
    options.onOutgrown?.();
  }

  /** Every change naming products sets a new `behind` aside: a patch's read is current while it is the same. */
  function setAside(target: CatalogSnapshot, named: Iterable<string>) {
    // A newer load replacing an older snapshot set aside keeps its names: patched twice is harmless.
    behind = { snapshot: target, pending: new Set([...(behind?.pending ?? []), ...named]) };
    if (snapshot === target) hold(undefined);
  }

  async function patchUntilCurrent() {
    try {
      for (let reads = 0; behind && reads < MOST_PATCH_READS; reads++) {
        const target = behind;
        const named = [...target.pending];
        const fresh = await readPrimary((db) => loadCatalogProducts(db, named));
        // Set aside again meanwhile (a newer load, or products named again): read what is pending now.
        if (behind !== target) continue;
        behind = undefined;
        if (!patchSnapshot(target.snapshot, named, fresh)) break;
        if (target.snapshot.all.products.length > options.maxProducts) {
          // Grown past the bound by products added through the api: the database lists from now on.
          return outgrown();
        }
        hold(target.snapshot);
        return;
      }
    } catch {
      // The database failed the read: nothing is patched.
    }
    // Not patched: a whole load follows once writes pause, as after a change that names nothing.
    behind = undefined;
    lastNamelessChange = performance.now();
  }

  function patchInBackground() {
    patching ??= patchUntilCurrent().finally(() => {
      patching = undefined;
    });
    return patching;
  }

  function reload() {
    if (loading) return loading;
    const startedAt = namelessChanges;
    const namedMeanwhile = new Set<string>();
    namedDuringLoad = namedMeanwhile;
    const promise = readPrimary(async (db) => {
      if ((await countCatalog(db)) > options.maxProducts) return null;
      // Read first: every change up to it is in what is loaded next.
      const loadedRevision = await readCatalogRevision(db);
      return { loaded: await loadCatalogSnapshot(db), loadedRevision };
    })
      .then(async (result) => {
        if (result === null) {
          // Grown past the bound (written around the api; through it, a patch finds it): the one held
          // goes too, and the database lists.
          hold(undefined);
          behind = undefined;
          outgrown();
          return undefined;
        }
        // A load that ran across a change naming nothing may have read the old catalog: keep nothing.
        if (namelessChanges !== startedAt) return undefined;
        const { loaded, loadedRevision } = result;
        revision = loadedRevision;
        checkedAt = performance.now();
        if (namedMeanwhile.size === 0) {
          hold(loaded);
          behind = undefined;
          return loaded;
        }
        setAside(loaded, namedMeanwhile);
        await patchInBackground();
        return snapshot;
      })
      .finally(() => {
        if (loading === promise) loading = undefined;
        if (namedDuringLoad === namedMeanwhile) namedDuringLoad = undefined;
      });
    loading = promise;
    return promise;
  }

  /** Starts a load behind the scenes; a failed one is retried by a later list. */
  const reloadInBackground = () => void reload().catch(() => {});

  /** No snapshot: loads one once writes have paused, unless the catalog was found too large lately. */
  const loadWhenDue = () => {
    const now = performance.now();
    if (behind) return; // being patched: back within a read
    if (now - lastNamelessChange >= options.quietMs && now - foundTooLargeAt >= TOO_LARGE_RECHECK_MS)
      reloadInBackground();
  };

  /**
   * Asks the changes feed what changed since the snapshot's revision: named products are patched in (a
   * change another instance's notice did not bring); "anything" loads the whole catalog while the
   * snapshot still answers. Costs one small query every `refreshMs`, not a load.
   */
  async function catchUp(current: CatalogSnapshot) {
    const since = revision;
    const changes = await readPrimary((db) => readCatalogChanges(db, since));
    if (snapshot !== current || revision !== since) return; // replaced or set aside meanwhile
    if (changes.products === null) return reloadInBackground();
    revision = changes.revision;
    if (changes.products.length) invalidate(changes.products);
  }

  const refreshWhenDue = (current: CatalogSnapshot) => {
    const now = performance.now();
    if (options.fullRefreshMs != null && Date.now() - current.loadedAt > options.fullRefreshMs)
      return reloadInBackground();
    if (options.refreshMs === null || checking || now - checkedAt < options.refreshMs) return;
    checkedAt = now;
    checking = true;
    void catchUp(current)
      .catch(() => {}) // asked again after refreshMs
      .finally(() => (checking = false));
  };

  /** Products changed (`products` names them; none named: anything may have). Call after the write commits. */
  function invalidate(products?: readonly string[]) {
    if (!products || products.length > MOST_PATCHED) {
      namelessChanges++;
      lastNamelessChange = performance.now();
      hold(undefined);
      behind = undefined;
      loading = undefined;
      return;
    }
    for (const id of products) namedDuringLoad?.add(id);
    const target = snapshot ?? behind?.snapshot;
    if (!target) return;
    setAside(target, products);
    void patchInBackground();
  }

  /** `answer` of the snapshot in memory; undefined while there is none (one is then loaded when due). */
  function fromSnapshot<T>(answer: (held: CatalogSnapshot) => T): T | undefined {
    if (!snapshot) return void loadWhenDue();
    refreshWhenDue(snapshot);
    return answer(snapshot);
  }

  /** A page from the snapshot in memory; undefined while there is none. */
  const memoryPage = (query: ProductListQuery, baseUrl: string) =>
    fromSnapshot((held) => pageOfSnapshot(held, query, baseUrl));

  /** The search box's suggestions from the snapshot in memory; undefined while there is none. */
  const memorySuggestions = (text: string, baseUrl: string) =>
    fromSnapshot((held) => suggestionsOfSnapshot(held, text, baseUrl));

  /** A product from the snapshot in memory; undefined while there is none, or when it does not hold it. */
  const memoryProduct = (id: string, baseUrl: string) =>
    fromSnapshot((held) => productOfSnapshot(held, id, baseUrl));

  /**
   * `answer` from memory once a patch under way has put the named products in (tens of ms at 90,000
   * products, where the database's answer at that size takes hundreds); undefined when no catalog is held
   * then, nor patched.
   */
  async function onceCurrent<T>(answer: () => T | undefined): Promise<T | undefined> {
    if (!snapshot && patching) await patching;
    return answer();
  }

  return {
    async page(query: ProductListQuery, baseUrl: string): Promise<CatalogPage> {
      const page = memoryPage(query, baseUrl);
      onAnswer(page ? 'memory' : 'database');
      return page ?? read((db) => loadProductPage(db, query, baseUrl));
    },
    /** The search box's suggestions: from the snapshot in memory, or by the database while there is none. */
    async suggest(text: string, baseUrl: string): Promise<ProductSuggestion[]> {
      return memorySuggestions(text, baseUrl) ?? read((db) => loadSuggestions(db, text, baseUrl));
    },
    /** A product page's product: from memory, or by the database while memory holds no catalog or not it. */
    async product(id: string, baseUrl: string): Promise<Product | undefined> {
      return memoryProduct(id, baseUrl) ?? read((db) => loadProductView(db, id, baseUrl));
    },
    memoryPage,
    memorySuggestions,
    /** `memoryPage`, after the patch under way if there is one (the index's thread answers with it). */
    currentPage: (query: ProductListQuery, baseUrl: string) => onceCurrent(() => memoryPage(query, baseUrl)),
    currentSuggestions: (text: string, baseUrl: string) =>
      onceCurrent(() => memorySuggestions(text, baseUrl)),
    currentProduct: (id: string, baseUrl: string) => onceCurrent(() => memoryProduct(id, baseUrl)),
    /** A list was answered without asking the index (it held nothing): a snapshot is loaded when due. */
    listedWithout: () => void (snapshot ? undefined : loadWhenDue()),
    /** Whether lists are answered from memory now. */
    holdsCatalog: async () => snapshot !== undefined,
    /** Loads a snapshot now (at start, in tests); answers whether one is in place. */
    async warm() {
      await reload();
      await patching;
      return snapshot !== undefined;
    },
    invalidate,
    close: async () => {},
  };
}

/** The storefront list's memory index as the api's routes use it, in the api's thread or its own. */
export interface CatalogIndex {
  /** A page of the list: from memory, or by the database while memory holds no catalog. */
  page(query: ProductListQuery, baseUrl: string): Promise<CatalogPage>;
  suggest(text: string, baseUrl: string): Promise<ProductSuggestion[]>;
  /**
   * One product with its reviews (`GET /product/:id`): from memory, or by the database while memory holds
   * no catalog or not that product; undefined when there is none.
   */
  product(id: string, baseUrl: string): Promise<Product | undefined>;
  /** Whether lists are answered from memory now. */
  holdsCatalog(): Promise<boolean>;
  /** Loads a snapshot now (at start, in tests); answers whether one is in place. */
  warm(): Promise<boolean>;
  /** Products changed (`products` names them; none named: anything may have). Call after the write commits. */
  invalidate(products?: readonly string[]): void;
  close(): Promise<void>;
}
