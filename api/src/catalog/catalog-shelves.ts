import type { ProductSort } from '@shop/shared-api/schemas';
import type { ProductRow } from '../db/schema.ts';
import type { toReviewView } from '../reviews/review-repository.ts';
import { LIST_ORDERS } from './list-page.ts';

// The catalog's products on shelves, one per order of the list and category, with the numbers a filter
// reads side by side in typed arrays: how they are built and sorted. shelf-changes.ts keeps them in order
// as products change; the snapshot (catalog-snapshot.ts) holds them and answers lists from them.

/** A review kept with its product, in the shape the wire view is made from (dates as ISO text). */
export type IndexedReview = Parameters<typeof toReviewView>[0];

/** A product as the index holds it, with its reviews: what every shelf holds. */
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
export interface CatalogShelf {
  products: IndexedProduct[];
  pricePaise: Float64Array;
  ratings: Float64Array;
}

/** The catalog on its shelves: the spec's order (newest first), by category, and the other orders. */
export interface ShelvedCatalog {
  all: CatalogShelf;
  byCategory: Map<string, CatalogShelf>;
  /** The shelves in another order than the spec's, each sorted when first asked for: `sort|category`. */
  sorted: Map<string, CatalogShelf>;
  /** The ids of `all`'s products, position by position, as numbers a sort compares (id-halves.ts). */
  idHigh: Float64Array;
  idLow: Float64Array;
}

export function shelve(entries: IndexedProduct[]): CatalogShelf {
  // Filled by a loop: `Float64Array.from` with a mapping function is ~6× slower (60 ms for 90,000).
  const pricePaise = new Float64Array(entries.length);
  const ratings = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    pricePaise[i] = entries[i]!.pricePaise;
    ratings[i] = entries[i]!.ratings;
  }
  return { products: entries, pricePaise, ratings };
}

export function shelveByCategory(entries: IndexedProduct[]): Map<string, CatalogShelf> {
  const byCategory = new Map<string, IndexedProduct[]>();
  for (const entry of entries) {
    const shelf = byCategory.get(entry.category) ?? [];
    shelf.push(entry);
    byCategory.set(entry.category, shelf);
  }
  return new Map([...byCategory].map(([category, shelf]) => [category, shelve(shelf)]));
}

export const EMPTY_SHELF = shelve([]);

/** Ids compared as PostgreSQL compares them: 24 lowercase hex characters, so code unit by code unit. */
const compareIds = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `LIST_ORDERS[sort]` as a comparison: its column, then the id, both in its direction. */
export function comparison(sort: Exclude<ProductSort, 'newest'>) {
  const { column, descending } = LIST_ORDERS[sort];
  const sign = descending ? -1 : 1;
  return (a: IndexedProduct, b: IndexedProduct) => sign * (a[column] - b[column] || compareIds(a, b));
}

/**
 * The shelf `length` long whose position `i` holds `from`'s position `positionOf(i)`, or `incoming[-1 - p]`
 * for a negative one (`restock`): no product of `from` read.
 */
export function reshelved(
  from: CatalogShelf,
  length: number,
  positionOf: (i: number) => number,
  incoming: readonly IndexedProduct[] = [],
): CatalogShelf {
  const shelf: CatalogShelf = {
    products: new Array<IndexedProduct>(length),
    pricePaise: new Float64Array(length),
    ratings: new Float64Array(length),
  };
  // One loop for all three: a typed array's `toReversed` took 2-4 ms at 90,000, this whole loop 1-2.
  for (let i = 0; i < length; i++) {
    const position = positionOf(i);
    if (position < 0) {
      const entry = incoming[-1 - position]!;
      shelf.products[i] = entry;
      shelf.pricePaise[i] = entry.pricePaise;
      shelf.ratings[i] = entry.ratings;
      continue;
    }
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
function sortedWhole(catalog: ShelvedCatalog, sort: Exclude<ProductSort, 'newest'>): CatalogShelf {
  const { all, idHigh, idLow } = catalog;
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
export function shelfOf(
  catalog: ShelvedCatalog,
  category: string | undefined,
  sort: ProductSort | undefined,
): CatalogShelf {
  if (sort === undefined || sort === 'newest')
    return category === undefined ? catalog.all : (catalog.byCategory.get(category) ?? EMPTY_SHELF);
  const key = `${sort}|${category ?? ''}`;
  let sorted = catalog.sorted.get(key);
  if (!sorted) {
    sorted =
      sort === 'price_desc'
        ? reversed(shelfOf(catalog, category, 'price_asc'))
        : category !== undefined
          ? shelve(shelfOf(catalog, undefined, sort).products.filter((entry) => entry.category === category))
          : sortedWhole(catalog, sort);
    catalog.sorted.set(key, sorted);
  }
  return sorted;
}
