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
import { idIn } from '../db/ids.ts';
import { products, reviews, type ProductRow } from '../db/schema.ts';
import { selectReviewsWithAuthors, toReviewView } from '../reviews/review-repository.ts';
import { toProductView } from './product-view.ts';
import { LIST_ORDERS } from './product-repository.ts';
import { indexNameTrigrams, suggestedPositions, toSuggestion, type NameTrigrams } from './suggestions.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/** A review kept with its product, in the shape the wire view is made from (dates as ISO text). */
type IndexedReview = Parameters<typeof toReviewView>[0];

export interface IndexedProduct {
  row: ProductRow;
  /**
   * The row's columns every scan, sort and patch reads, copied onto this object: the driver builds rows
   * key by key, and reading them was ~10× slower (a patch's scan of 90,000 rows took 12-18 ms).
   */
  id: string;
  category: string;
  pricePaise: number;
  ratings: number;
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
  /** Every product by id, for a patch to find what a change named without a scan. */
  byId: Map<string, IndexedProduct>;
  /** The ids of `all`'s products, position by position, as numbers for a sort to compare: `idHalves`. */
  idHigh: Float64Array;
  idLow: Float64Array;
  loadedAt: number;
  /** The names' trigrams, worked out by the first suggestion asked of this snapshot (not by every load). */
  nameTrigrams?: NameTrigrams;
}

function shelve(entries: IndexedProduct[]): CatalogShelf {
  // Filled by a loop: `Float64Array.from` with a mapping function is ~6× slower (60 ms for 90,000).
  const pricePaise = new Float64Array(entries.length);
  const ratings = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    pricePaise[i] = entries[i]!.pricePaise;
    ratings[i] = entries[i]!.ratings;
  }
  return { products: entries, pricePaise, ratings };
}

export interface CatalogPage {
  products: Product[];
  productsCount: number;
  filteredProductsCount: number;
}

type ReviewWithAuthor = Awaited<ReturnType<ReturnType<typeof selectReviewsWithAuthors>['execute']>>[number];

/** Products with their reviews (given oldest first), as the index holds them: rows in the order given. */
function indexProducts(rows: ProductRow[], reviewRows: ReviewWithAuthor[]): IndexedProduct[] {
  const byProduct = new Map<string, IndexedReview[]>();
  for (const { productId, createdAt, updatedAt, ...review } of reviewRows) {
    const list = byProduct.get(productId) ?? [];
    list.push({ ...review, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() });
    byProduct.set(productId, list);
  }
  return rows.map((row) => ({
    row,
    id: row.id,
    category: row.category,
    pricePaise: row.pricePaise,
    ratings: row.ratings,
    folded: row.name.toLowerCase(),
    reviews: byProduct.get(row.id) ?? [],
  }));
}

function shelveByCategory(entries: IndexedProduct[]): Map<string, CatalogShelf> {
  const byCategory = new Map<string, IndexedProduct[]>();
  for (const entry of entries) {
    const shelf = byCategory.get(entry.category) ?? [];
    shelf.push(entry);
    byCategory.set(entry.category, shelf);
  }
  return new Map([...byCategory].map(([category, shelf]) => [category, shelve(shelf)]));
}

/** Reads every product and review (with its author's current name and avatar): two queries. */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const loadedAt = Date.now();
  // Same order as the SQL list (created_at to the microsecond, then id): ties resolve the same way.
  const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  const reviewRows = await selectReviewsWithAuthors(db).orderBy(asc(reviews.createdAt), asc(reviews.id));
  const entries = indexProducts(rows, reviewRows);
  return {
    loadedAt,
    ...idHalves(entries),
    all: shelve(entries),
    byCategory: shelveByCategory(entries),
    sorted: new Map(),
    byId: new Map(entries.map((entry) => [entry.id, entry])),
  };
}

/** The given products and their reviews as the database has them now; a deleted one is absent. */
export async function loadCatalogProducts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, IndexedProduct>> {
  const rows = await db.select().from(products).where(idIn(products.id, ids));
  const reviewRows = await selectReviewsWithAuthors(db)
    .where(idIn(reviews.productId, ids))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  return new Map(indexProducts(rows, reviewRows).map((entry) => [entry.id, entry]));
}

const EMPTY_SHELF = shelve([]);

/** Ids compared as PostgreSQL compares them: 24 lowercase hex characters, so code unit by code unit. */
const compareIds = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `LIST_ORDERS[sort]` as a comparison: its column, then the id, both in its direction. */
function comparison(sort: Exclude<ProductSort, 'newest'>) {
  const { column, descending } = LIST_ORDERS[sort];
  const sign = descending ? -1 : 1;
  return (a: IndexedProduct, b: IndexedProduct) => sign * (a[column] - b[column] || compareIds(a, b));
}

/**
 * Each id as two numbers, its first and last 12 hex digits (48 bits each: exact), which compare as the
 * ids do as text. Worked out at load, while every product is being built anyway: read later, the 90,000
 * scattered products cost a sort 21 ms more. A half that is not 12 lowercase hex digits is NaN, and its id
 * is compared as text (`sortedWhole`).
 */
function idHalves(entries: IndexedProduct[]): { idHigh: Float64Array; idLow: Float64Array } {
  const idHigh = new Float64Array(entries.length);
  const idLow = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const { id } = entries[i]!;
    idHigh[i] = hexValue(id, 0);
    idLow[i] = hexValue(id, 12);
  }
  return { idHigh, idLow };
}

/** The 12 digits of `id` from `start` as a number; NaN unless they are lowercase hex in a 24-digit id. */
function hexValue(id: string, start: number): number {
  if (id.length !== 24) return Number.NaN;
  let value = 0;
  for (let i = start; i < start + 12; i++) {
    const code = id.charCodeAt(i);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (digit < 0) return Number.NaN;
    value = value * 16 + digit;
  }
  return value;
}

/** The shelf `length` long whose position `i` holds `from`'s position `positionOf(i)`: no product read. */
function reshelved(from: CatalogShelf, length: number, positionOf: (i: number) => number): CatalogShelf {
  const shelf: CatalogShelf = {
    products: new Array<IndexedProduct>(length),
    pricePaise: new Float64Array(length),
    ratings: new Float64Array(length),
  };
  // One loop for all three: a typed array's `toReversed` took 2-4 ms at 90,000, this whole loop 1-2.
  for (let i = 0; i < length; i++) {
    const position = positionOf(i);
    shelf.products[i] = from.products[position]!;
    shelf.pricePaise[i] = from.pricePaise[position]!;
    shelf.ratings[i] = from.ratings[position]!;
  }
  return shelf;
}

/**
 * The whole catalog's shelf in `sort`'s order. Positions are sorted, not products, comparing numbers side
 * by side in typed arrays (the sort key, then the id's halves), and the shelf is built from positions
 * without reading a product: sorting the products themselves read 90,000 scattered objects and compared
 * ids as text, and by rating (501 values, so ties are many) held the event loop for 240-250 ms in the api
 * under load, 160 ms alone.
 */
function sortedWhole(snapshot: CatalogSnapshot, sort: Exclude<ProductSort, 'newest'>): CatalogShelf {
  const { all, idHigh, idLow } = snapshot;
  const key = LIST_ORDERS[sort].column === 'pricePaise' ? all.pricePaise : all.ratings;
  const sign = LIST_ORDERS[sort].descending ? -1 : 1;
  const positions = new Array<number>(all.products.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  positions.sort(
    (a, b) =>
      sign *
      (key[a]! - key[b]! ||
        idHigh[a]! - idHigh[b]! ||
        idLow[a]! - idLow[b]! ||
        compareIds(all.products[a]!, all.products[b]!)),
  );
  return reshelved(all, positions.length, (i) => positions[i]!);
}

/** `shelf` read from its other end. */
const reversed = (shelf: CatalogShelf) =>
  reshelved(shelf, shelf.products.length, (i) => shelf.products.length - 1 - i);

/**
 * The shelf of `category` (all when undefined) in the list's order for `sort`. The snapshot's shelves are
 * in the spec's order (the database's, to the microsecond); another order is made once per snapshot, when
 * first asked for, and kept until the next load: the whole catalog's by price and by rating sorted
 * (`sortedWhole`), every other one derived from those in one pass (a category's is the whole catalog's
 * with the others left out, by price descending is ascending reversed: both orders are total).
 */
function shelfOf(
  snapshot: CatalogSnapshot,
  category: string | undefined,
  sort: ProductSort | undefined,
): CatalogShelf {
  if (sort === undefined || sort === 'newest')
    return category === undefined ? snapshot.all : (snapshot.byCategory.get(category) ?? EMPTY_SHELF);
  const key = `${sort}|${category ?? ''}`;
  let sorted = snapshot.sorted.get(key);
  if (!sorted) {
    sorted =
      sort === 'price_desc'
        ? reversed(shelfOf(snapshot, category, 'price_asc'))
        : category !== undefined
          ? shelve(shelfOf(snapshot, undefined, sort).products.filter((entry) => entry.category === category))
          : sortedWhole(snapshot, sort);
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
 * Puts the products a change named into the snapshot as the database has them now (`fresh`, from
 * `loadCatalogProducts`), so an order's stock change or a review costs a read of its products, not of the
 * catalog. A product keeps its place in the spec's order (its creation time, which no edit changes); a
 * new category re-shelves it, a new price or rating moves it on the sorted shelves (a binary search
 * each), a new name drops the suggestions' trigrams until next asked.
 * Answers false, changing nothing, for a change it cannot place: a product added or deleted, or one whose
 * creation time moved; the caller then loads the whole catalog again.
 */
export function patchSnapshot(
  snapshot: CatalogSnapshot,
  named: readonly string[],
  fresh: ReadonlyMap<string, IndexedProduct>,
): boolean {
  const held = new Map<string, IndexedProduct>();
  for (const id of new Set(named)) {
    const [before, now] = [snapshot.byId.get(id), fresh.get(id)];
    if (!before && !now) continue; // named, but neither held nor there: nothing to place
    if (!before || !now || before.row.createdAt.getTime() !== now.row.createdAt.getTime()) return false;
    held.set(id, before);
  }
  // The shelves a changed price, rating or category touches: the whole catalog's and its categories'.
  const touched = new Set<string>();
  let moved = false;
  for (const [id, entry] of held) {
    const now = fresh.get(id)!;
    if (
      now.category !== entry.category ||
      now.pricePaise !== entry.pricePaise ||
      now.ratings !== entry.ratings
    )
      touched.add('').add(entry.category).add(now.category);
    moved ||= now.category !== entry.category;
    if (now.folded !== entry.folded) snapshot.nameTrigrams = undefined;
    // The same object sits on every shelf: changed once, it is changed everywhere.
    Object.assign(entry, now);
  }
  if (touched.size === 0) return true;
  // The spec's order is the creation time's, which no edit changes: only the numbers side by side move.
  if (moved) snapshot.byCategory = shelveByCategory(snapshot.all.products);
  const newestShelves = [snapshot.all, ...(moved ? [] : [...touched].map((c) => snapshot.byCategory.get(c)))];
  for (const shelf of newestShelves) if (shelf) for (const entry of held.values()) renumber(shelf, entry);
  for (const [key, shelf] of snapshot.sorted) {
    const [sort, category] = key.split('|') as [Exclude<ProductSort, 'newest'>, string];
    if (!touched.has(category)) continue;
    const compare = comparison(sort);
    // Taken out and put back in place: sorting the shelf again, even nearly in order, costs ~20 ms at 90,000.
    // All out before any goes back: the binary search needs the rest in order.
    const list = shelf.products;
    for (const entry of held.values()) {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
    }
    for (const entry of held.values())
      if (!category || entry.category === category) placeInOrder(list, entry, compare);
    snapshot.sorted.set(key, shelve(list));
  }
  return true;
}

/** Writes `entry`'s price and rating into the numbers side by side of a shelf it sits on. */
function renumber(shelf: CatalogShelf, entry: IndexedProduct) {
  const at = shelf.products.indexOf(entry);
  if (at < 0) return;
  shelf.pricePaise[at] = entry.pricePaise;
  shelf.ratings[at] = entry.ratings;
}

/** Inserts `entry` into `list` (in `compare`'s order) where it belongs: a binary search, then one splice. */
function placeInOrder(
  list: IndexedProduct[],
  entry: IndexedProduct,
  compare: (a: IndexedProduct, b: IndexedProduct) => number,
) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, entry);
}
