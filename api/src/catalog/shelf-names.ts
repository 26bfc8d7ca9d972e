import { createSizedLru, type SizedLru } from '../caching/sized-lru.ts';
import type { CatalogShelf, IndexedProduct } from './catalog-shelves.ts';

// A keyword is matched against a shelf's names end to end in one text: one `indexOf` runs over contiguous
// characters, where a `includes` per product read 90,000 scattered objects and strings (a keyword page
// 3.4-4.0 ms at 90,000 products, most of it that reading).

/**
 * The folded names of a shelf's products in its order, each followed by NUL (which no name holds:
 * PostgreSQL's text cannot), and where each starts in `text`; `starts` ends with the text's length.
 */
export interface ShelfNames {
  text: string;
  starts: Int32Array;
  /**
   * Keywords asked of this shelf and the positions of the names holding them (`positionsHolding`). Valid
   * as long as the names: a shelf a patch changes is a new one.
   */
  remembered: SizedLru<Int32Array>;
}

/**
 * At most this many positions remembered per shelf (4 bytes each: 512 KB); the least recently asked
 * keywords go first. A keyword holding more names than that is found each time.
 */
export const MOST_REMEMBERED_POSITIONS = 131_072;
/** At most this many keywords per shelf: one-off searches (typos, product numbers) do not pile up. */
export const MOST_REMEMBERED_KEYWORDS = 256;

const END_OF_NAME = '\u0000';

export function namesOnShelf(shelf: CatalogShelf): ShelfNames {
  const { products } = shelf;
  const starts = new Int32Array(products.length + 1);
  const names = new Array<string>(products.length);
  let at = 0;
  for (let i = 0; i < products.length; i++) {
    const name = products[i]!.folded;
    names[i] = name;
    starts[i] = at;
    at += name.length + 1;
  }
  starts[products.length] = at;
  return {
    text: names.join(END_OF_NAME) + END_OF_NAME,
    starts,
    remembered: rememberedPositions(),
  };
}

const rememberedPositions = () =>
  createSizedLru<Int32Array>({
    maxSize: MOST_REMEMBERED_POSITIONS,
    maxEntries: MOST_REMEMBERED_KEYWORDS,
    sizeOf: (positions) => positions.length,
  });

/**
 * The names of the shelf `restock` or `reshelve` made from `before`'s shelf (`positions`: where each product
 * comes from, its old position or `-1 - k` for `incoming[k]`), with the keywords remembered there carried
 * across: the old text cut where products came, went or moved, and each keyword's positions moved, plus
 * the incoming names holding it. Made afresh, the whole catalog's names took ~17 ms at 90,000 products and
 * every keyword was then found again over them, on every product added, deleted or repriced.
 */
export function namesRestocked(
  before: ShelfNames,
  positions: Int32Array,
  incoming: readonly Pick<IndexedProduct, 'folded'>[],
): ShelfNames {
  const { text, starts } = before;
  const nowStarts = new Int32Array(positions.length + 1);
  const nowAt = new Int32Array(starts.length - 1).fill(-1);
  const incomingAt = new Int32Array(incoming.length);
  const pieces: string[] = [];
  // A run of products that were side by side before is one cut of the old text.
  let runFrom = -1;
  let runTo = -1;
  const endRun = () => {
    if (runFrom >= 0) pieces.push(text.slice(starts[runFrom], starts[runTo]));
    runFrom = -1;
  };
  let at = 0;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    nowStarts[i] = at;
    if (position >= 0) {
      nowAt[position] = i;
      if (runFrom >= 0 && position === runTo) runTo++;
      else {
        endRun();
        [runFrom, runTo] = [position, position + 1];
      }
      at += starts[position + 1]! - starts[position]!;
    } else {
      endRun();
      const name = incoming[-1 - position]!.folded;
      incomingAt[-1 - position] = i;
      pieces.push(name + END_OF_NAME);
      at += name.length + 1;
    }
  }
  endRun();
  nowStarts[positions.length] = at;
  const names: ShelfNames = { text: pieces.join(''), starts: nowStarts, remembered: rememberedPositions() };
  // Least recently asked first, as they were: the bound lets the same ones go.
  for (const [keyword, held] of before.remembered.entries()) {
    const found: number[] = [];
    // A restock keeps the products that stay in their order; a product repriced moves on a sorted shelf.
    let inOrder = true;
    for (const position of held) {
      const now = nowAt[position]!;
      if (now < 0) continue;
      inOrder &&= found.length === 0 || found[found.length - 1]! < now;
      found.push(now);
    }
    const arriving = incoming.flatMap((entry, k) => (entry.folded.includes(keyword) ? [incomingAt[k]!] : []));
    const carried = Int32Array.from(found.concat(arriving));
    names.remembered.set(keyword, arriving.length || !inOrder ? carried.sort() : carried);
  }
  return names;
}

/** The position on the shelf of the name holding character `at` of the text: a binary search. */
function positionOf(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Calls `visit` with the position of every product whose folded name contains `keyword` (folded too),
 * in the shelf's order, each once. A keyword holding NUL is in no name.
 */
export function forEachNameContaining(
  names: ShelfNames,
  keyword: string,
  visit: (position: number) => void,
): void {
  if (keyword.includes(END_OF_NAME)) return;
  let from = 0;
  for (;;) {
    const at = names.text.indexOf(keyword, from);
    if (at < 0) return;
    const position = positionOf(names.starts, at);
    visit(position);
    // On from the next name: a name holding the keyword twice is one product.
    from = names.starts[position + 1]!;
  }
}

/**
 * The positions on the shelf of the products whose folded name holds `keyword` (folded too), in the
 * shelf's order: found once, then remembered with the names. Shoppers ask the same words again and again
 * with other filters, pages or sorts (the answer cache keeps only the exact query), and a list then reads
 * the positions instead of the names.
 */
export function positionsHolding(names: ShelfNames, keyword: string): Int32Array {
  const known = names.remembered.get(keyword);
  if (known) return known;
  const found: number[] = [];
  forEachNameContaining(names, keyword, (position) => found.push(position));
  const positions = Int32Array.from(found);
  names.remembered.set(keyword, positions);
  return positions;
}
