import { SUGGESTIONS_PER_ANSWER, toRupees, type ProductSuggestion } from '@shop/shared-api/schemas';
import type { ProductRow } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import { trigramsOf, wordSimilarity } from './trigrams.ts';

/**
 * The search box's suggestions (issue 28), one rule for the memory index and the database:
 * 1. every product whose name holds the text literally (the keyword's match, `ILIKE '%q%'`: what Enter
 *    lists), then those within typing-error reach: `word_similarity(q, name) >= SUGGEST_SIMILARITY`
 *    (pg_trgm's `name %> q`), so "lptop" finds the laptops;
 * 2. literal matches first, then by word similarity (highest first), then in the list's order (newest
 *    first, id breaking ties); the first SUGGESTIONS_PER_ANSWER.
 *
 * 0.4 lets one letter dropped or swapped in a 5-8 letter word through ("lptop" to "Laptop" is 0.5, "camra"
 * to "Camera" 0.5, "sheo" to "Shoes" 0.4) while unrelated names sharing a letter or two stay out ("lptop"
 * to "Leather Loafers" is 0.17); pg_trgm's own default, 0.6, misses most one-letter typos.
 */
export const SUGGEST_SIMILARITY = 0.4;

/** Just what a suggestion line shows. */
export const toSuggestion = (
  row: Pick<ProductRow, 'id' | 'name' | 'pricePaise' | 'images'>,
  baseUrl: string,
): ProductSuggestion => ({
  _id: row.id,
  name: row.name,
  price: toRupees(row.pricePaise),
  image: row.images[0] ? { url: absoluteUrl(baseUrl, row.images[0].url) } : null,
});

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
}

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
  return { folded, numbers, names, holders: holders.map((list) => Int32Array.from(list)) };
}

interface Scored {
  position: number;
  similarity: number;
}

/** Whether `a` goes before `b`: more similar, or as similar and earlier in the list. */
const goesBefore = (a: Scored, b: Scored) =>
  a.similarity > b.similarity || (a.similarity === b.similarity && a.position < b.position);

/** Puts `entry` in its place in `kept` (best first), keeping at most `wanted`. */
function keep(kept: Scored[], entry: Scored, wanted: number) {
  let at = kept.length;
  while (at > 0 && goesBefore(entry, kept[at - 1]!)) at--;
  if (at >= wanted) return;
  kept.splice(at, 0, entry);
  if (kept.length > wanted) kept.pop();
}

/** The query's counts of the names' trigrams, for a name holding a part of it. */
interface Shares {
  /** Of the query's trigrams, how many a name holds (at position). */
  all: Uint16Array;
  /** Of the trigrams any literal match must hold (`literalTrigramsOf`), how many a name holds. */
  literal: Uint16Array;
}

/**
 * The trigrams any name holding `query` literally must hold too: all of its words' trigrams but the
 * first word's two with its left padding (it may end a longer word: "top" in "laptop") and the last
 * word's one with its right padding (it may begin one). Empty for a query of one or two letters.
 */
function literalTrigramsOf(query: string): Set<string> {
  const words = [...query.matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => word);
  const trigrams = new Set<string>();
  words.forEach((word, index) => {
    const all = trigramsOf(word);
    const from = index === 0 ? 2 : 0;
    const to = index === words.length - 1 ? all.length - 1 : all.length;
    for (const trigram of all.slice(from, to)) trigrams.add(trigram);
  });
  return trigrams;
}

/**
 * The products that may hold `query` literally (each at least once; the caller checks): those holding
 * every trigram a literal match implies (`literalTrigramsOf`). Text of one or two letters implies none:
 * then those holding a trigram with the text inside it ("pr": " pr", "pro", "spr", …), found from the
 * names' trigrams, or, for text that is not all letters and digits, every product.
 */
function literallyPossible(index: NameTrigrams, query: string, shared: Uint16Array): ArrayLike<number> {
  const { folded, numbers, holders } = index;
  const literalTexts = literalTrigramsOf(query);
  const candidates: number[] = [];
  if (literalTexts.size > 0) {
    const needed = [...literalTexts].map((trigram) => numbers.get(trigram));
    // A trigram no name holds: no name holds the text either.
    if (needed.some((number) => number === undefined)) return candidates;
    for (const number of needed) {
      const holding = holders[number!]!;
      for (let i = 0; i < holding.length; i++) {
        if (++shared[holding[i]!]! === needed.length) candidates.push(holding[i]!);
      }
    }
    return candidates;
  }
  if (!/^[\p{L}\p{N}]{1,2}$/u.test(query)) return Array.from(folded.keys());
  for (const [trigram, number] of numbers) {
    if (trigram.includes(query)) for (const position of holders[number]!) candidates.push(position);
  }
  return candidates;
}

/** The positions (list order) of the products to suggest for `text`: the rule above. */
export function suggestedPositions(index: NameTrigrams, text: string): number[] {
  const { folded, names, numbers, holders } = index;
  const query = text.toLowerCase();
  const queryTexts = new Set(trigramsOf(query));
  // A trigram no name holds still counts in the query's size (it lowers every similarity).
  const queryCount = queryTexts.size;
  const queryTrigrams = new Set<number>();
  for (const trigram of queryTexts) {
    const number = numbers.get(trigram);
    if (number !== undefined) queryTrigrams.add(number);
  }
  const inQuery = new Uint8Array(numbers.size);
  for (const trigram of queryTrigrams) inQuery[trigram] = 1;
  const scratch = new Int32Array(numbers.size).fill(-1);

  // A name sharing n of the query's trigrams is at most n / queryCount similar: only names sharing enough
  // are worked out, found from the trigrams' holders rather than by reading every name.
  const nearFrom = Math.max(1, Math.ceil(SUGGEST_SIMILARITY * queryCount - 1e-9));
  const shares: Shares = { all: new Uint16Array(folded.length), literal: new Uint16Array(folded.length) };
  const near: number[] = [];
  for (const trigram of queryTrigrams) {
    const holding = holders[trigram]!;
    for (let i = 0; i < holding.length; i++) {
      if (++shares.all[holding[i]!]! === nearFrom) near.push(holding[i]!);
    }
  }
  const literalCandidates = literallyPossible(index, query, shares.literal);
  const literal: number[] = [];
  const isLiteral = new Uint8Array(folded.length);
  for (let i = 0; i < literalCandidates.length; i++) {
    const position = literalCandidates[i]!;
    if (!isLiteral[position] && folded[position]!.includes(query)) {
      literal.push(position);
      isLiteral[position] = 1;
    }
  }

  /**
   * The best `wanted` of `positions` (at least `floor` similar): by descending upper bound, each bound's
   * names in list order, stopping once no name left can go before the last one kept.
   */
  const best = (positions: number[], wanted: number, floor: number): Scored[] => {
    const byShare: number[][] = Array.from({ length: queryCount + 1 }, () => []);
    for (const position of positions) byShare[Math.min(shares.all[position]!, queryCount)]!.push(position);
    const kept: Scored[] = [];
    for (let count = queryCount; count >= 0; count--) {
      // Text without a letter or digit has no trigrams: every name is 0 similar to it.
      // As a float4, like every similarity worked out: none of this bucket's can exceed it.
      const bound = Math.fround(queryCount ? count / queryCount : 0);
      if (bound < floor) break;
      const bucket = Int32Array.from(byShare[count]!).sort();
      for (const position of bucket) {
        // Names left in this bucket come later in the list and are at most `bound` similar.
        if (kept.length >= wanted && goesBefore(kept[wanted - 1]!, { position, similarity: bound })) break;
        const similarity = count === 0 ? 0 : wordSimilarity(names[position]!, inQuery, queryCount, scratch);
        if (similarity >= floor) keep(kept, { position, similarity }, wanted);
      }
    }
    return kept;
  };

  const first = best(literal, SUGGESTIONS_PER_ANSWER, 0);
  const rest =
    first.length < SUGGESTIONS_PER_ANSWER
      ? best(
          near.filter((position) => !isLiteral[position]),
          SUGGESTIONS_PER_ANSWER - first.length,
          SUGGEST_SIMILARITY,
        )
      : [];
  return [...first, ...rest].map((scored) => scored.position);
}
