import type { z } from 'zod';
import type { ProductSuggestion, productListQuerySchema } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import { countCatalog, loadProductPage, loadSuggestions } from './product-repository.ts';
import {
  loadCatalogProducts,
  loadCatalogSnapshot,
  pageOfSnapshot,
  patchSnapshot,
  suggestionsOfSnapshot,
  type CatalogPage,
  type CatalogSnapshot,
} from './catalog-snapshot.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * How long the catalog must go without a write before the index reloads (~0.2-0.3 s for 10,000
 * products, holding PGlite's process meanwhile): long enough that an order burst costs one load.
 */
export const CATALOG_QUIET_MS = 1000;

/**
 * How often a catalog found larger than the index may hold is counted again (one row of `catalog_counts`),
 * so the index comes back once products were deleted below the bound.
 */
const TOO_LARGE_RECHECK_MS = 5000;

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
 * is back in memory within milliseconds, however often orders come. Meanwhile lists are answered by the
 * database query (`loadProductPage`), so this instance always reads its own writes. A change that names
 * nothing (a reviewer renamed, an import), or one the snapshot cannot place (a product added or deleted),
 * drops it; a whole new one is loaded in the background once the catalog has been quiet for `quietMs`,
 * so a burst of such writes costs one load after it. Writes no notice told of (PostgreSQL only; PGlite has
 * one process) show up once the snapshot is older than `refreshMs`: it is then reloaded in the background
 * while the old one still answers, and products named while it loaded are patched into it.
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
    refreshMs: number | null;
    quietMs: number;
    /** The most products the index holds in memory; a larger catalog is answered by the database. */
    maxProducts: number;
    /** Each list answered: from the snapshot in memory, or by the database while there is none. */
    onAnswer?: (source: 'memory' | 'database') => void;
  },
) {
  const onAnswer = options.onAnswer ?? (() => {});
  let snapshot: CatalogSnapshot | undefined;
  /** A snapshot set aside until the products named since are read again and put in it. */
  let behind: { snapshot: CatalogSnapshot; pending: Set<string> } | undefined;
  let loading: Promise<CatalogSnapshot | undefined> | undefined;
  /** Products named while the current load reads: patched into it once it is read. */
  let namedDuringLoad: Set<string> | undefined;
  let patching: Promise<void> | undefined;
  /** Changes that named nothing (they spoil loads under way) and changes that named products. */
  let namelessChanges = 0;
  let namedChanges = 0;
  let lastNamelessChange = -Infinity;
  let foundTooLargeAt = -Infinity;

  function setAside(target: CatalogSnapshot, named: Iterable<string>) {
    // A newer load replacing an older snapshot set aside keeps its names: patched twice is harmless.
    behind = { snapshot: target, pending: new Set([...(behind?.pending ?? []), ...named]) };
    if (snapshot === target) snapshot = undefined;
  }

  async function patchUntilCurrent() {
    try {
      for (let reads = 0; behind && reads < MOST_PATCH_READS; reads++) {
        const target = behind;
        const named = [...target.pending];
        const changesBefore = namedChanges;
        const fresh = await read((db) => loadCatalogProducts(db, named));
        // Set aside again meanwhile (a newer load, or products named again): read what is pending now.
        if (behind !== target || namedChanges !== changesBefore) continue;
        behind = undefined;
        if (!patchSnapshot(target.snapshot, named, fresh)) break;
        snapshot = target.snapshot;
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
    const promise = read(async (db) =>
      (await countCatalog(db)) > options.maxProducts ? null : loadCatalogSnapshot(db),
    )
      .then(async (loaded) => {
        if (loaded === null) foundTooLargeAt = performance.now();
        // A load that ran across a change naming nothing may have read the old catalog: keep nothing.
        if (namelessChanges !== startedAt || loaded === null) return undefined;
        if (namedMeanwhile.size === 0) {
          snapshot = loaded;
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

  const refreshWhenOld = (current: CatalogSnapshot) => {
    if (options.refreshMs !== null && Date.now() - current.loadedAt > options.refreshMs) reloadInBackground();
  };

  return {
    async page(query: ProductListQuery, baseUrl: string): Promise<CatalogPage> {
      if (!snapshot) {
        loadWhenDue();
        onAnswer('database');
        return read((db) => loadProductPage(db, query, baseUrl));
      }
      refreshWhenOld(snapshot);
      onAnswer('memory');
      return pageOfSnapshot(snapshot, query, baseUrl);
    },
    /** The search box's suggestions: from the snapshot in memory, or by the database while there is none. */
    async suggest(text: string, baseUrl: string): Promise<ProductSuggestion[]> {
      if (!snapshot) {
        loadWhenDue();
        return read((db) => loadSuggestions(db, text, baseUrl));
      }
      refreshWhenOld(snapshot);
      return suggestionsOfSnapshot(snapshot, text, baseUrl);
    },
    /** Whether lists are answered from memory now. */
    holdsCatalog: () => snapshot !== undefined,
    /** Loads a snapshot now (at start, in tests); answers whether one is in place. */
    async warm() {
      await reload();
      await patching;
      return snapshot !== undefined;
    },
    /** Products changed (`products` names them; none named: anything may have). Call after the write commits. */
    invalidate(products?: readonly string[]) {
      if (!products || products.length > MOST_PATCHED) {
        namelessChanges++;
        lastNamelessChange = performance.now();
        snapshot = undefined;
        behind = undefined;
        loading = undefined;
        return;
      }
      namedChanges++;
      for (const id of products) namedDuringLoad?.add(id);
      const target = snapshot ?? behind?.snapshot;
      if (!target) return;
      setAside(target, products);
      void patchInBackground();
    },
  };
}
export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
