import type { ProductSort } from '@shop/shared-api/schemas';
import {
  comparison,
  EMPTY_SHELF,
  reshelved,
  shelve,
  shelveByCategory,
  type CatalogShelf,
  type IndexedProduct,
  type ShelvedCatalog,
} from './catalog-shelves.ts';
import { idHalf } from './id-halves.ts';

// The catalog's shelves kept in order as products change, instead of being loaded and sorted again: a price
// or rating moved (`reshelve`), a name changed (`renamedOn`), products added or deleted (`restock`). Each
// answers where every product of a new shelf came from, so what is kept beside a shelf can follow it.

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
