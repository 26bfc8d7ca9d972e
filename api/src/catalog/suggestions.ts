import { SUGGESTIONS_PER_ANSWER, toRupees, type ProductSuggestion } from '@shop/shared-api/schemas';
import type { ProductRow } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';
import type { NameTrigrams, QueryScratch } from './name-trigrams.ts';
import { similarityOf, trigramsOf, wordSimilarity } from './trigrams.ts';

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

/**
 * The three highest similarities any name can have to `text`, highest first; none for text with fewer than
 * two trigrams. A similarity is count / (n + extent - count): n the text's trigrams, count those found in a
 * run of the name's trigrams, extent that run's different trigrams (at least count). Above (n - 1) / n,
 * count must be n, and only an extent of n (1) or n + 1 (n / (n + 1)) stays above it. So every name whose
 * similarity is none of the three is less similar than all three: the database walks them one at a time
 * (catalog/suggestion-statements.ts).
 */
export function topSimilarities(text: string): number[] {
  const n = new Set(trigramsOf(text)).size;
  if (n < 2) return [];
  return [similarityOf(n, n, n), similarityOf(n, n, n + 1), similarityOf(n - 1, n, n - 1)];
}

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
 * The base of the next query's counts: past every count the last query can have left (its `stride`), and
 * room for this one's (at most `largestCount`); the arrays are cleared once the bases reach 2³¹.
 */
function nextBase(scratch: QueryScratch, largestCount: number): number {
  const next = scratch.base + scratch.stride;
  scratch.stride = largestCount + 1;
  if (next + scratch.stride < 2 ** 31) return (scratch.base = next);
  scratch.shares.fill(0);
  scratch.literalShares.fill(0);
  scratch.literal.fill(0);
  return (scratch.base = 0);
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

/**
 * Counts one more shared trigram for each product of `holding` (counts kept from `base`, QueryScratch),
 * adding to `reached` each one whose count becomes `target`.
 */
function countHolders(
  holding: Int32Array,
  counts: Int32Array,
  base: number,
  target: number,
  reached: number[],
) {
  const full = base + target;
  for (let i = 0; i < holding.length; i++) {
    const position = holding[i]!;
    const held = counts[position]!;
    const now = held > base ? held + 1 : base + 1;
    counts[position] = now;
    if (now === full) reached.push(position);
  }
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
 * every trigram a literal match implies (`literalTrigramsOf`), counted in `scratch.literalShares` from
 * `base`. Text of one or two letters implies none: then those holding a trigram with the text inside it
 * ("pr": " pr", "pro", "spr", …), found from the names' trigrams, or, for text that is not all letters
 * and digits, every product.
 */
function literallyPossible(index: NameTrigrams, query: string, literalTexts: Set<string>, base: number) {
  const { folded, numbers, holders } = index;
  const shared = index.scratch.literalShares;
  const candidates: number[] = [];
  if (literalTexts.size > 0) {
    const needed = [...literalTexts].map((trigram) => numbers.get(trigram));
    // A trigram no name holds: no name holds the text either.
    if (needed.some((number) => number === undefined)) return candidates;
    for (const number of needed) countHolders(holders[number!]!, shared, base, needed.length, candidates);
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
  const { folded, names, numbers, holders, scratch } = index;
  const { shares, inQuery, lastPosition } = scratch;
  const query = text.toLowerCase();
  const queryTexts = new Set(trigramsOf(query));
  // A trigram no name holds still counts in the query's size (it lowers every similarity).
  const queryCount = queryTexts.size;
  const queryTrigrams = new Set<number>();
  for (const trigram of queryTexts) {
    const number = numbers.get(trigram);
    if (number !== undefined) queryTrigrams.add(number);
  }
  const literalTexts = literalTrigramsOf(query);
  const base = nextBase(scratch, Math.max(queryCount, literalTexts.size));
  for (const trigram of queryTrigrams) inQuery[trigram] = 1;
  try {
    // A name sharing n of the query's trigrams is at most n / queryCount similar: only names sharing
    // enough are worked out, found from the trigrams' holders rather than by reading every name.
    const nearFrom = Math.max(1, Math.ceil(SUGGEST_SIMILARITY * queryCount - 1e-9));
    const near: number[] = [];
    for (const trigram of queryTrigrams) countHolders(holders[trigram]!, shares, base, nearFrom, near);
    /** The group of a name sharing more of the query's trigrams comes first: 0 for all of them. */
    const groupOf = (position: number) =>
      queryCount - Math.min(Math.max(0, shares[position]! - base), queryCount);

    const literalCandidates = literallyPossible(index, query, literalTexts, base);
    const literal: number[] = [];
    const isLiteral = (position: number) => scratch.literal[position] === base + 1;
    for (let i = 0; i < literalCandidates.length; i++) {
      const position = literalCandidates[i]!;
      if (!isLiteral(position) && folded[position]!.includes(query)) {
        literal.push(position);
        scratch.literal[position] = base + 1;
      }
    }

    /**
     * The best `wanted` of `positions` (at least `floor` similar): by descending upper bound, each bound's
     * names in list order, stopping once no name left can go before the last one kept.
     */
    const best = (positions: Int32Array, wanted: number, floor: number): Scored[] => {
      // In list order, then grouped by share (most first) keeping that order: a counting sort.
      positions.sort();
      const groupStart = new Int32Array(queryCount + 2);
      for (const position of positions) groupStart[groupOf(position) + 1]!++;
      for (let group = 1; group <= queryCount + 1; group++) groupStart[group]! += groupStart[group - 1]!;
      const ordered = new Int32Array(positions.length);
      const filled = groupStart.slice();
      for (const position of positions) ordered[filled[groupOf(position)]!++] = position;

      const kept: Scored[] = [];
      for (let group = 0; group <= queryCount; group++) {
        const count = queryCount - group;
        // Text without a letter or digit has no trigrams: every name is 0 similar to it.
        // As a float4, like every similarity worked out: none of this group's can exceed it.
        const bound = Math.fround(queryCount ? count / queryCount : 0);
        if (bound < floor) break;
        for (let at = groupStart[group]!; at < groupStart[group + 1]!; at++) {
          const position = ordered[at]!;
          // Names left in this group come later in the list and are at most `bound` similar.
          if (kept.length >= wanted && goesBefore(kept[wanted - 1]!, { position, similarity: bound })) break;
          const similarity =
            count === 0 ? 0 : wordSimilarity(names[position]!, inQuery, queryCount, lastPosition);
          if (similarity >= floor) keep(kept, { position, similarity }, wanted);
        }
      }
      return kept;
    };

    const first = best(Int32Array.from(literal), SUGGESTIONS_PER_ANSWER, 0);
    const rest =
      first.length < SUGGESTIONS_PER_ANSWER
        ? best(
            Int32Array.from(near.filter((position) => !isLiteral(position))),
            SUGGESTIONS_PER_ANSWER - first.length,
            SUGGEST_SIMILARITY,
          )
        : [];
    return [...first, ...rest].map((scored) => scored.position);
  } finally {
    for (const trigram of queryTrigrams) inQuery[trigram] = 0;
  }
}
