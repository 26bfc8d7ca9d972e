import { asc, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Product,
  ProductSort,
  ProductSuggestion,
  productListQuerySchema,
} from '@shop/shared-api/schemas';
import { RESULT_PER_PAGE } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import { products, reviews, type ProductRow } from '../db/schema.ts';
import { selectReviewsWithAuthors, toReviewView } from '../reviews/review-repository.ts';
import { toProductView } from './product-view.ts';
import { countCatalog, LIST_ORDERS, loadProductPage, loadSuggestions } from './product-repository.ts';
import { indexNameTrigrams, suggestedPositions, toSuggestion, type NameTrigrams } from './suggestions.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

interface IndexedReview {
  id: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
  userId: string;
  userName: string;
  avatarUrl: string | null;
}

interface IndexedProduct {
  row: ProductRow;
  /** The name lowercased once, for the keyword's case-insensitive match. */
  folded: string;
  reviews: IndexedReview[];
}

/**
 * Products in one of the list's orders (the spec's, newest first, unless sorted: `shelfOf`) with their
 * filtered columns side by side in typed arrays: a scan reads numbers from contiguous memory and touches a
 * product only when it matches.
 */
interface CatalogShelf {
  products: IndexedProduct[];
  pricePaise: Float64Array;
  ratings: Float64Array;
}

/** The whole storefront catalog as the database had it at `loadedAt`, also shelved by category. */
export interface CatalogSnapshot {
  all: CatalogShelf;
  byCategory: Map<string, CatalogShelf>;
  /** The shelves in another order than the spec's, each sorted when first asked for: `sort|category`. */
  sorted: Map<string, CatalogShelf>;
  loadedAt: number;
  /** The names' trigrams, worked out by the first suggestion asked of this snapshot (not by every load). */
  nameTrigrams?: NameTrigrams;
}

function shelve(entries: IndexedProduct[]): CatalogShelf {
  return {
    products: entries,
    pricePaise: Float64Array.from(entries, (entry) => entry.row.pricePaise),
    ratings: Float64Array.from(entries, (entry) => entry.row.ratings),
  };
}

export interface CatalogPage {
  products: Product[];
  productsCount: number;
  filteredProductsCount: number;
}

/** Reads every product and review (with its author's current name and avatar): two queries. */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const loadedAt = Date.now();
  // Same order as the SQL list (created_at to the microsecond, then id): ties resolve the same way.
  const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  const reviewRows = await selectReviewsWithAuthors(db).orderBy(asc(reviews.createdAt), asc(reviews.id));
  const byProduct = new Map<string, IndexedReview[]>();
  for (const { productId, createdAt, updatedAt, ...review } of reviewRows) {
    const list = byProduct.get(productId) ?? [];
    list.push({ ...review, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() });
    byProduct.set(productId, list);
  }
  const entries = rows.map((row) => ({
    row,
    folded: row.name.toLowerCase(),
    reviews: byProduct.get(row.id) ?? [],
  }));
  const byCategory = new Map<string, IndexedProduct[]>();
  for (const entry of entries) {
    const shelf = byCategory.get(entry.row.category) ?? [];
    shelf.push(entry);
    byCategory.set(entry.row.category, shelf);
  }
  return {
    loadedAt,
    all: shelve(entries),
    byCategory: new Map([...byCategory].map(([category, shelf]) => [category, shelve(shelf)])),
    sorted: new Map(),
  };
}

const EMPTY_SHELF = shelve([]);

/** Ids compared as PostgreSQL compares them: 24 lowercase hex characters, so code unit by code unit. */
const compareIds = (a: IndexedProduct, b: IndexedProduct) =>
  a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0;

/** `LIST_ORDERS[sort]` as a comparison: its column, then the id, both in its direction. */
function comparison(sort: Exclude<ProductSort, 'newest'>) {
  const { column, descending } = LIST_ORDERS[sort];
  const sign = descending ? -1 : 1;
  return (a: IndexedProduct, b: IndexedProduct) => sign * (a.row[column] - b.row[column] || compareIds(a, b));
}

/**
 * The shelf of `category` (all when undefined) in the list's order for `sort`. The snapshot's shelves are
 * in the spec's order (the database's, to the microsecond); another order is sorted once per snapshot,
 * when first asked for (10,000 products: 9-25 ms, then kept until the next load; docs/performance.md).
 */
function shelfOf(snapshot: CatalogSnapshot, category: string | undefined, sort: ProductSort | undefined) {
  const shelf = category === undefined ? snapshot.all : (snapshot.byCategory.get(category) ?? EMPTY_SHELF);
  if (sort === undefined || sort === 'newest') return shelf;
  const key = `${sort}|${category ?? ''}`;
  let sorted = snapshot.sorted.get(key);
  if (!sorted) {
    sorted = shelve(shelf.products.toSorted(comparison(sort)));
    snapshot.sorted.set(key, sorted);
  }
  return sorted;
}

/**
 * One page of the storefront list from a snapshot: the same filters as `productFilter` (the SQL path),
 * with the keyword matched case-insensitively as a plain substring (ILIKE with % and _ escaped), in the
 * same order (`LIST_ORDERS`).
 */
export function pageOfSnapshot(
  snapshot: CatalogSnapshot,
  query: ProductListQuery,
  baseUrl: string,
): CatalogPage {
  const keyword = query.keyword ? query.keyword.toLowerCase() : undefined;
  const category = query.category || undefined;
  // Rupee bounds to paise, rounded inwards, exactly as the SQL filter does.
  const minPaise = query.price?.gte !== undefined ? Math.ceil(query.price.gte * 100) : -Infinity;
  const maxPaise = query.price?.lte !== undefined ? Math.floor(query.price.lte * 100) : Infinity;
  const minRating = query.ratings?.gte ?? -Infinity;
  const first = ((query.page ?? 1) - 1) * RESULT_PER_PAGE;
  const { products: entries, pricePaise, ratings } = shelfOf(snapshot, category, query.sort);
  const pageEntries: IndexedProduct[] = [];
  let matching = 0;
  for (let i = 0; i < entries.length; i++) {
    if (pricePaise[i]! < minPaise || pricePaise[i]! > maxPaise || ratings[i]! < minRating) continue;
    if (keyword !== undefined && !entries[i]!.folded.includes(keyword)) continue;
    if (matching >= first && pageEntries.length < RESULT_PER_PAGE) pageEntries.push(entries[i]!);
    matching++;
  }
  return {
    products: pageEntries.map((entry) =>
      toProductView(
        entry.row,
        entry.reviews.map((review) => toReviewView(review, baseUrl)),
        baseUrl,
      ),
    ),
    productsCount: snapshot.all.products.length,
    filteredProductsCount: matching,
  };
}

/** The search box's suggestions from a snapshot: the same rule and order as `loadSuggestions` (SQL). */
export function suggestionsOfSnapshot(
  snapshot: CatalogSnapshot,
  text: string,
  baseUrl: string,
): ProductSuggestion[] {
  const entries = snapshot.all.products;
  snapshot.nameTrigrams ??= indexNameTrigrams(entries.map((entry) => entry.folded));
  return suggestedPositions(snapshot.nameTrigrams, text).map((position) =>
    toSuggestion(entries[position]!.row, baseUrl),
  );
}

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

/**
 * The storefront list answered from memory: every filter, keyword and page combination costs a scan of
 * the catalog in JS (well under a millisecond for 10,000 products) instead of a database round.
 *
 * Freshness: `invalidate()` (any local product, review, stock or reviewer change, wired to the catalog
 * answer cache) drops the snapshot; until a fresh one is loaded, lists are answered by the database query
 * (`loadProductPage`), so this instance always reads its own writes. The fresh snapshot is loaded in the
 * background once the catalog has been quiet for `quietMs`: a burst of writes (orders changing stock)
 * costs one load after it, not one per write, and under constant writes the list simply stays on the
 * database. Writes by other instances (PostgreSQL only; PGlite has one process) show up once the
 * snapshot is older than `refreshMs`: it is then reloaded in the background while the old one still
 * answers, so a list is at most `refreshMs` plus one load behind another instance's write.
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
  let loading: Promise<CatalogSnapshot | undefined> | undefined;
  let version = 0;
  let lastInvalidation = -Infinity;
  let foundTooLargeAt = -Infinity;

  function reload() {
    if (loading) return loading;
    const startedAt = version;
    const promise = read(async (db) =>
      (await countCatalog(db)) > options.maxProducts ? null : loadCatalogSnapshot(db),
    )
      .then((loaded) => {
        if (loaded === null) foundTooLargeAt = performance.now();
        // A load that ran across an invalidation may have read the old catalog: keep nothing.
        if (version !== startedAt || loaded === null) return undefined;
        snapshot = loaded;
        return loaded;
      })
      .finally(() => {
        if (loading === promise) loading = undefined;
      });
    loading = promise;
    return promise;
  }

  /** Starts a load behind the scenes; a failed one is retried by a later list. */
  const reloadInBackground = () => void reload().catch(() => {});

  /** No snapshot: loads one once writes have paused, unless the catalog was found too large lately. */
  const loadWhenDue = () => {
    const now = performance.now();
    if (now - lastInvalidation >= options.quietMs && now - foundTooLargeAt >= TOO_LARGE_RECHECK_MS)
      reloadInBackground();
  };

  return {
    async page(query: ProductListQuery, baseUrl: string): Promise<CatalogPage> {
      if (!snapshot) {
        loadWhenDue();
        onAnswer('database');
        return read((db) => loadProductPage(db, query, baseUrl));
      }
      if (options.refreshMs !== null && Date.now() - snapshot.loadedAt > options.refreshMs) {
        reloadInBackground();
      }
      onAnswer('memory');
      return pageOfSnapshot(snapshot, query, baseUrl);
    },
    /** The search box's suggestions: from the snapshot in memory, or by the database while there is none. */
    async suggest(text: string, baseUrl: string): Promise<ProductSuggestion[]> {
      if (!snapshot) {
        loadWhenDue();
        return read((db) => loadSuggestions(db, text, baseUrl));
      }
      if (options.refreshMs !== null && Date.now() - snapshot.loadedAt > options.refreshMs) {
        reloadInBackground();
      }
      return suggestionsOfSnapshot(snapshot, text, baseUrl);
    },
    /** Whether lists are answered from memory now. */
    holdsCatalog: () => snapshot !== undefined,
    /** Loads a snapshot now (at start, in tests); answers whether one is in place. */
    async warm() {
      await reload();
      return snapshot !== undefined;
    },
    invalidate() {
      version++;
      lastInvalidation = performance.now();
      snapshot = undefined;
      loading = undefined;
    },
  };
}
export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
