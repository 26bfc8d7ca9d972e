import { trigramsOf } from './trigrams.ts';

// The names' trigram index the search box's suggestions are worked out from (suggestions.ts): made from
// the whole catalog's names in list order, and carried across a restock.

/**
 * Every product name's trigrams, numbered, and for each trigram the products holding it (in list order):
 * a query adds up, per product, how many of its trigrams the name holds from a few short lists, and
 * works out the exact similarity only for the products that could still make the answer.
 */
export interface NameTrigrams {
  /** Each product's name lowercased, in list order (the literal match). */
  folded: readonly string[];
  numbers: Map<string, number>;
  /** Each product's name as trigram numbers, in order, repeats kept. */
  names: Int32Array[];
  /** Per trigram number, the products (by position) whose name holds it, each once. */
  holders: Int32Array[];
  /** The working arrays every query of this index reuses (`QueryScratch`). */
  scratch: QueryScratch;
}

/**
 * A query's working arrays, made once per index rather than once per query: at 10,000 products, making
 * and zeroing them was a sixth of a suggestion's time. Queries are worked out one at a time (the work is
 * synchronous), so one set per index is enough. A count is kept as `base + count`, `base` growing past
 * every count of earlier queries, so an entry an earlier query left reads as 0 without being cleared.
 */
export interface QueryScratch {
  base: number;
  /** How far past `base` the last query's counts may reach. */
  stride: number;
  /** Per product: of the query's trigrams, how many its name holds (`base + n`). */
  shares: Int32Array;
  /** Per product: of the trigrams a literal match must hold, how many its name holds (`base + n`). */
  literalShares: Int32Array;
  /** Per product: `base + 1` once its name is known to hold the query literally. */
  literal: Int32Array;
  /** Per trigram number: 1 for the query's trigrams, 0 again once the query is answered. */
  inQuery: Uint8Array;
  /** `wordSimilarity`'s scratch, all -1 between calls. */
  lastPosition: Int32Array;
}

const newScratch = (products: number, trigrams: number): QueryScratch => ({
  base: 0,
  stride: 0,
  shares: new Int32Array(products),
  literalShares: new Int32Array(products),
  literal: new Int32Array(products),
  inQuery: new Uint8Array(trigrams),
  lastPosition: new Int32Array(trigrams).fill(-1),
});

export function indexNameTrigrams(folded: readonly string[]): NameTrigrams {
  const numbers = new Map<string, number>();
  const holders: number[][] = [];
  const names = folded.map((name, position) => {
    const trigrams = Int32Array.from(trigramsOf(name), (trigram) => {
      let number = numbers.get(trigram);
      if (number === undefined) {
        number = numbers.size;
        numbers.set(trigram, number);
        holders.push([]);
      }
      const list = holders[number]!;
      if (list[list.length - 1] !== position) list.push(position);
      return number;
    });
    return trigrams;
  });
  return {
    folded,
    numbers,
    names,
    holders: holders.map((list) => Int32Array.from(list)),
    scratch: newScratch(folded.length, numbers.size),
  };
}

/**
 * The index of the names `restock` left on the whole catalog's shelf, from the one before it (`positions`:
 * where each product comes from, its old position or `-1 - k` for `incoming[k]`): each trigram's holders
 * moved to their new positions (a restock keeps the products that stay in their order, so they stay
 * sorted) and the incoming names' trigrams added. Made afresh, 90,000 names took 430-560 ms of the index's
 * thread, on the first suggestion after every product added or deleted. Takes `before`'s numbering over:
 * `before` is not to be used after.
 */
export function nameTrigramsRestocked(
  before: NameTrigrams,
  positions: Int32Array,
  incoming: readonly { folded: string }[],
): NameTrigrams {
  const { numbers } = before;
  const nowAt = new Int32Array(before.folded.length).fill(-1);
  const folded = new Array<string>(positions.length);
  const names = new Array<Int32Array>(positions.length);
  const arriving = new Map<number, number[]>();
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (position >= 0) {
      nowAt[position] = i;
      folded[i] = before.folded[position]!;
      names[i] = before.names[position]!;
      continue;
    }
    const name = incoming[-1 - position]!.folded;
    folded[i] = name;
    names[i] = Int32Array.from(trigramsOf(name), (trigram) => {
      let number = numbers.get(trigram);
      if (number === undefined) numbers.set(trigram, (number = numbers.size));
      const holding = arriving.get(number) ?? [];
      if (holding[holding.length - 1] !== i) holding.push(i);
      arriving.set(number, holding);
      return number;
    });
  }
  const holders = new Array<Int32Array>(numbers.size);
  for (let number = 0; number < numbers.size; number++)
    holders[number] = movedHolders(before.holders[number], nowAt, arriving.get(number));
  return { folded, numbers, names, holders, scratch: newScratch(folded.length, numbers.size) };
}

/**
 * One trigram's holders at their new positions (`nowAt`, -1 for a product gone), merged with the incoming
 * ones holding it (`arriving`, in order), written over `held`'s own memory: both are in list order, so no
 * sort (sorting the 90,000 holders of a trigram every name shares took ~2 ms, for each of an incoming
 * name's trigrams), and no new array unless the list outgrows its room (kept with an eighth to spare):
 * making every list again put ~7 MB of new memory on each patch at 90,000 names, and a full collection on
 * some (patches of 50-165 ms).
 */
function movedHolders(
  held: Int32Array = new Int32Array(0),
  nowAt: Int32Array,
  arriving: readonly number[] = [],
): Int32Array {
  let kept = 0;
  for (let j = 0; j < held.length; j++) {
    const at = nowAt[held[j]!]!;
    if (at >= 0) held[kept++] = at;
  }
  if (arriving.length === 0) return held.subarray(0, kept);
  const length = kept + arriving.length;
  const room = held.buffer.byteLength / 4 - held.byteOffset / 4;
  let now: Int32Array;
  if (room >= length) now = new Int32Array(held.buffer, held.byteOffset, length);
  else {
    now = new Int32Array(length + (length >> 3) + 4).subarray(0, length);
    now.set(held.subarray(0, kept));
  }
  // From the end, so the holders kept are read before their place is written.
  let [from, next] = [kept - 1, arriving.length - 1];
  for (let write = length - 1; next >= 0; write--)
    now[write] = from >= 0 && now[from]! > arriving[next]! ? now[from--]! : arriving[next--]!;
  return now;
}
