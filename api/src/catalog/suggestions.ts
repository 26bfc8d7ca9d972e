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

/** Best first: higher similarity, then earlier in the list. */
const better = (a: Scored, b: Scored) => b.similarity - a.similarity || a.position - b.position;

/** The positions (list order) of the products to suggest for `text`: the rule above. */
export function suggestedPositions(index: NameTrigrams, text: string): number[] {
  const { folded } = index;
  const query = text.toLowerCase();
  const queryTexts = new Set(trigramsOf(query));
  // A trigram no name holds still counts in the query's size (it lowers every similarity).
  const queryCount = queryTexts.size;
  const queryTrigrams = new Set<number>();
  for (const trigram of queryTexts) {
    const number = index.numbers.get(trigram);
    if (number !== undefined) queryTrigrams.add(number);
  }
  const shared = new Uint16Array(folded.length);
  for (const trigram of queryTrigrams) for (const position of index.holders[trigram]!) shared[position]!++;
  const inQuery = (trigram: number) => queryTrigrams.has(trigram);

  const literal: number[] = [];
  const near: number[] = [];
  // A name sharing `shared` of the query's trigrams is at most shared / queryCount similar.
  const nearFrom = Math.max(1, Math.ceil(SUGGEST_SIMILARITY * queryCount - 1e-9));
  for (let position = 0; position < folded.length; position++) {
    if (folded[position]!.includes(query)) literal.push(position);
    else if (shared[position]! >= nearFrom) near.push(position);
  }

  /**
   * The best `wanted` of `positions` (at least `floor` similar), working out the exact similarity by
   * descending upper bound and stopping once no remaining product can beat the last one kept.
   */
  const best = (positions: number[], wanted: number, floor: number): Scored[] => {
    const bySharedCount: number[][] = Array.from({ length: queryCount + 1 }, () => []);
    for (const position of positions) bySharedCount[Math.min(shared[position]!, queryCount)]!.push(position);
    const kept: Scored[] = [];
    for (let count = queryCount; count >= 0; count--) {
      // Text without a letter or digit has no trigrams: every name is 0 similar to it.
      const bound = queryCount ? count / queryCount : 0;
      if (kept.length >= wanted && kept[wanted - 1]!.similarity > bound + 1e-6) break;
      if (bound + 1e-6 < floor) break;
      for (const position of bySharedCount[count]!) {
        const similarity = count === 0 ? 0 : wordSimilarity(index.names[position]!, inQuery, queryCount);
        if (similarity >= floor) kept.push({ position, similarity });
      }
      kept.sort(better);
      kept.length = Math.min(kept.length, wanted);
    }
    return kept;
  };

  const first = best(literal, SUGGESTIONS_PER_ANSWER, 0);
  const rest =
    first.length < SUGGESTIONS_PER_ANSWER
      ? best(near, SUGGESTIONS_PER_ANSWER - first.length, SUGGEST_SIMILARITY)
      : [];
  return [...first, ...rest].map((scored) => scored.position);
}
