import type { ProductSort } from '@shop/shared-api/schemas';
import type { ProductRow } from '../db/schema.ts';
import type { toReviewView } from '../reviews/review-repository.ts';
import { LIST_ORDERS } from './list-page.ts';
import { idHalf } from './id-halves.ts';

// The catalog's products on shelves, one per order of the list and category, with the numbers a filter
// reads side by side in typed arrays: how they are built, sorted and kept in order as products change.
// The snapshot (catalog-snapshot.ts) holds them and answers lists from them.

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
 * The shelf `length` long whose position `i` holds `from`'s position `positionOf(i)`, or `incoming[-1 - p]`
 * for a negative one (`restock`): no product of `from` read.
 */
function reshelved(
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

/**
 * Puts the products `held`, whose category, price or rating a change moved (already written on them), in
 * their places on the shelves the change `touched` (their categories, '' for the whole catalog's); `moved`
 * when a category changed. The spec's order is the creation time's, which no edit changes: there only the
 * numbers side by side are written again. Answers the sorted shelves it replaced that `followed` names,
 * with where each product came from, so what is kept beside a shelf (its names) can follow it as it follows
 * a restock.
 */
export function reshelve(
  catalog: ShelvedCatalog,
  held: readonly IndexedProduct[],
  touched: ReadonlySet<string>,
  moved: boolean,
  followed: (shelf: CatalogShelf) => boolean = () => true,
): RestockedShelf[] {
  if (moved) catalog.byCategory = shelveByCategory(catalog.all.products);
  const newestShelves = [catalog.all, ...(moved ? [] : [...touched].map((c) => catalog.byCategory.get(c)))];
  for (const shelf of newestShelves) if (shelf) for (const entry of held) renumber(shelf, entry);
  const replaced: RestockedShelf[] = [];
  for (const [key, from] of catalog.sorted) {
    const [sort, category] = key.split('|') as [Exclude<ProductSort, 'newest'>, string];
    if (!touched.has(category)) continue;
    const compare = comparison(sort);
    // Taken out and put back in place: sorting the shelf again, even nearly in order, costs ~20 ms at 90,000.
    // All out before any goes back: the binary search needs the rest in order.
    const wasAt = new Map(held.map((entry) => [entry, from.products.indexOf(entry)]));
    const takenOut = [...wasAt.values()].filter((at) => at >= 0).sort((a, b) => a - b);
    const list = from.products.slice();
    // From the last, so the places of those before it stay where they were.
    for (const at of takenOut.toReversed()) list.splice(at, 1);
    const placed = held.filter((entry) => !category || entry.category === category);
    for (const entry of placed) placeInOrder(list, entry, compare);
    const to = shelve(list);
    catalog.sorted.set(key, to);
    if (followed(from))
      replaced.push({ from, to, ...movedPositions(from.products.length, list, wasAt, takenOut, placed) });
  }
  return replaced;
}

/**
 * Where each product of `list` comes from on the shelf before (`beforeLength` long; as `splicedPositions`),
 * when `list` is that shelf with the products at `takenOut` (old positions, ascending) taken out and
 * `placed` put back in: the others keep their order. `wasAt` is each moved product's old position, -1 for
 * one that was not there (a category changed: incoming). The runs between the moved products are copied
 * from a shared 0, 1, 2, … array: a loop over 90,000 positions, run once a change and so never optimised,
 * took 5-8 ms a shelf.
 */
function movedPositions(
  beforeLength: number,
  list: readonly IndexedProduct[],
  wasAt: ReadonlyMap<IndexedProduct, number>,
  takenOut: readonly number[],
  placed: readonly IndexedProduct[],
): Pick<RestockedShelf, 'positions' | 'incoming'> {
  const incoming: IndexedProduct[] = [];
  const moves = placed
    .map((entry) => {
      const at = wasAt.get(entry)!;
      return { now: list.indexOf(entry), from: at >= 0 ? at : -incoming.push(entry) };
    })
    .sort((a, b) => a.now - b.now);
  const counting = countingUpTo(beforeLength);
  const positions = new Int32Array(list.length);
  let [i, next, skipped] = [0, 0, 0];
  for (const { now, from } of [...moves, { now: list.length, from: 0 }]) {
    while (i < now) {
      while (takenOut[skipped] === next) [next, skipped] = [next + 1, skipped + 1];
      const run = Math.min(now - i, (takenOut[skipped] ?? beforeLength) - next);
      // Only if `list` is not what the caller says: a patch that throws is dropped for a whole load.
      if (run <= 0) throw new Error('a reshelved shelf is not its old one with the moved products moved');
      positions.set(counting.subarray(next, next + run), i);
      [i, next] = [i + run, next + run];
    }
    if (now < list.length) positions[i++] = from;
  }
  return { positions, incoming };
}

/**
 * Where each product of `shelf` comes from when the `renamed` products' names changed in place (as
 * `splicedPositions`): every one from its own position, a renamed one as incoming, so what is kept by name
 * beside the shelf can take the new names. Undefined when none of them is on it.
 */
export function renamedOn(
  shelf: CatalogShelf,
  renamed: readonly IndexedProduct[],
): Pick<RestockedShelf, 'positions' | 'incoming'> | undefined {
  const incoming: IndexedProduct[] = [];
  const positions = countingUpTo(shelf.products.length).slice(0, shelf.products.length);
  for (const entry of renamed) {
    const at = shelf.products.indexOf(entry);
    if (at >= 0) positions[at] = -incoming.push(entry);
  }
  return incoming.length ? { positions, incoming } : undefined;
}

let counting = new Int32Array(0);
/** 0, 1, 2, … up to at least `length`, made once and grown when a shelf outgrows it. */
function countingUpTo(length: number): Int32Array {
  if (counting.length < length) {
    counting = new Int32Array(Math.max(length, counting.length * 2));
    for (let i = 0; i < counting.length; i++) counting[i] = i;
  }
  return counting;
}

/** Writes `entry`'s price and rating into the numbers side by side of a shelf it sits on. */
function renumber(shelf: CatalogShelf, entry: IndexedProduct) {
  const at = shelf.products.indexOf(entry);
  if (at < 0) return;
  shelf.pricePaise[at] = entry.pricePaise;
  shelf.ratings[at] = entry.ratings;
}

/** Where `entry` belongs in `list` (in `compare`'s order): a binary search. */
function positionInOrder(
  list: readonly IndexedProduct[],
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
  return low;
}

/** Inserts `entry` into `list` (in `compare`'s order) where it belongs: a binary search, then one splice. */
function placeInOrder(
  list: IndexedProduct[],
  entry: IndexedProduct,
  compare: (a: IndexedProduct, b: IndexedProduct) => number,
) {
  list.splice(positionInOrder(list, entry, compare), 0, entry);
}

const createdMs = (entry: IndexedProduct) => entry.row.createdAt.getTime();

/** The spec's order (newest first) as far as JS can tell it: by the creation time's milliseconds only. */
const newestFirst = (a: IndexedProduct, b: IndexedProduct) => createdMs(b) - createdMs(a);

/**
 * Whether every product in `added` has a place of its own in the spec's order among `catalog`'s: the
 * database orders by the creation time to the microsecond, a JS date holds milliseconds, so a product
 * created in the same millisecond as another (or as another added one) could be put on the wrong side.
 */
export function newestPlaceable(catalog: ShelvedCatalog, added: readonly IndexedProduct[]): boolean {
  const list = catalog.all.products;
  const times = new Set<number>();
  for (const entry of added) {
    if (times.has(createdMs(entry))) return false;
    times.add(createdMs(entry));
    // The first product created no later than `entry`: the same millisecond, if any has it.
    const at = list[positionInOrder(list, entry, newestFirst)];
    if (at && createdMs(at) === createdMs(entry)) return false;
  }
  return true;
}

/** A shelf `restock` made again (`to`) from one it replaced (`from`): `positions` as `splicedPositions`'. */
export interface RestockedShelf {
  from: CatalogShelf;
  to: CatalogShelf;
  positions: Int32Array;
  incoming: readonly IndexedProduct[];
}

/**
 * Puts products new to the catalog (`added`, each placeable: `newestPlaceable`) on every shelf in their
 * places and takes deleted ones (`removed`) off, so adding or deleting a product costs a pass over the
 * shelves it touches, not a load of the whole catalog (3 s at 90,000 products on PGlite, while every list
 * is the database's). Each shelf is rebuilt from positions, as a sort's is (`reshelved`): the products
 * found by a binary search (added) or a scan of the shelf's references (removed), none read in between.
 * Answers the shelves it replaced, so what is kept beside a shelf (its names) can follow it.
 */
export function restock(
  catalog: ShelvedCatalog,
  added: readonly IndexedProduct[],
  removed: readonly IndexedProduct[],
): RestockedShelf[] {
  const replaced: RestockedShelf[] = [];
  const restocked = (from: CatalogShelf, category: string, compare: typeof newestFirst) => {
    const incoming = added.filter((entry) => !category || entry.category === category);
    const positions = splicedPositions(from.products, removed, incoming, compare);
    const to = reshelved(from, positions.length, (i) => positions[i]!, incoming);
    replaced.push({ from, to, positions, incoming });
    return { to, positions, incoming };
  };
  const { to: all, positions, incoming } = restocked(catalog.all, '', newestFirst);
  const idHigh = new Float64Array(positions.length);
  const idLow = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    idHigh[i] = position >= 0 ? catalog.idHigh[position]! : idHalf(incoming[-1 - position]!.id, 'high');
    idLow[i] = position >= 0 ? catalog.idLow[position]! : idHalf(incoming[-1 - position]!.id, 'low');
  }
  Object.assign(catalog, { all, idHigh, idLow });
  const categories = new Set([...added, ...removed].map((entry) => entry.category));
  for (const category of categories) {
    const { to } = restocked(catalog.byCategory.get(category) ?? EMPTY_SHELF, category, newestFirst);
    if (to.products.length) catalog.byCategory.set(category, to);
    else catalog.byCategory.delete(category);
  }
  for (const [key, shelf] of catalog.sorted) {
    const [sort, category] = key.split('|') as [Exclude<ProductSort, 'newest'>, string];
    if (!category || categories.has(category))
      catalog.sorted.set(key, restocked(shelf, category, comparison(sort)).to);
  }
  return replaced;
}

/**
 * Where each product of `list` after a restock comes from, position by position: its old position, or
 * `-1 - k` for `incoming[k]`, put before the first product `compare` does not place ahead of it.
 */
function splicedPositions(
  list: readonly IndexedProduct[],
  removed: readonly IndexedProduct[],
  incoming: readonly IndexedProduct[],
  compare: (a: IndexedProduct, b: IndexedProduct) => number,
): Int32Array {
  // `indexOf` compares references only; a Set's lookups read every product's hash (8-18 ms at 90,000).
  const gone = new Set(removed.map((entry) => list.indexOf(entry)).filter((at) => at >= 0));
  const into = incoming
    .map((entry, k) => ({ at: positionInOrder(list, entry, compare), k, entry }))
    .sort((a, b) => a.at - b.at || compare(a.entry, b.entry));
  const positions = new Int32Array(list.length - gone.size + into.length);
  let filled = 0;
  let next = 0;
  for (let i = 0; i <= list.length; i++) {
    for (; next < into.length && into[next]!.at === i; next++) positions[filled++] = -1 - into[next]!.k;
    if (i < list.length && !gone.has(i)) positions[filled++] = i;
  }
  return positions;
}
