/**
 * PostgreSQL's pg_trgm word similarity, in JS: the search box's typo-tolerant match answered from memory
 * gives the same figures as `word_similarity(q, name)` on the database (PostgreSQL and PGlite), so both
 * paths suggest the same products in the same order. Ported from contrib/pg_trgm/trgm_op.c
 * (generate_trgm_only, calc_word_similarity, iterate_word_similarity, non-strict): a word is a run of
 * letters and digits, lowercased and padded with two spaces before and one after ("  lptop "), cut into
 * every three characters in a row. pg_trgm keeps a multi-byte trigram as a 3-byte hash; here it is the
 * characters themselves (the same matches, short of a hash collision).
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of a text in order, word by word, repeats kept (pg_trgm's generate_trgm_only). */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.push(padded[i]! + padded[i + 1]! + padded[i + 2]!);
  }
  return trigrams;
}

/** pg_trgm's CALCSML in float4, as the database computes and compares it. */
export const similarityOf = (count: number, queryLength: number, extentLength: number) =>
  Math.fround(count / (queryLength + extentLength - count));

/**
 * `word_similarity(query, name)`: the best similarity between the query's trigram set and a run of the
 * name's trigrams, found the way pg_trgm does it (a greedy walk, not every run), so the figures agree.
 *
 * @param nameTrigrams the name's trigrams in order, each as a number below `inQuery.length`
 * @param inQuery 1 at the number of each of the query's trigrams
 * @param queryCount how many different trigrams the query has
 * @param lastPosition scratch space as long as `inQuery`, all -1, and left so (a query's calls share it)
 */
export function wordSimilarity(
  nameTrigrams: ArrayLike<number>,
  inQuery: Uint8Array,
  queryCount: number,
  lastPosition: Int32Array,
): number {
  let lower = -1;
  let count = 0;
  let extent = 0;
  let best = 0;
  // Past the name's last trigram of the query no run can end, so the walk stops there.
  let end = nameTrigrams.length;
  while (end > 0 && inQuery[nameTrigrams[end - 1]!] !== 1) end--;
  for (let i = 0; i < end; i++) {
    const trigram = nameTrigrams[i]!;
    const found = inQuery[trigram] === 1;
    if (lower >= 0 || found) {
      if (lastPosition[trigram]! < 0) {
        extent++;
        if (found) count++;
      }
      lastPosition[trigram] = i;
    }
    if (!found) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      extent = 1;
    }
    let current = similarityOf(count, queryCount, extent);
    // Moving the run's start right may drop unmatched trigrams and raise the similarity.
    let tryCount = count;
    let tryExtent = extent;
    const previousLower = lower;
    for (let tryLower = lower; tryLower <= upper; tryLower++) {
      const trying = similarityOf(tryCount, queryCount, tryExtent);
      if (trying > current) {
        current = trying;
        extent = tryExtent;
        lower = tryLower;
        count = tryCount;
      }
      const dropped = nameTrigrams[tryLower]!;
      if (lastPosition[dropped] === tryLower) {
        tryExtent--;
        if (inQuery[dropped] === 1) tryCount--;
      }
    }
    best = Math.max(best, current);
    for (let dropLower = previousLower; dropLower < lower; dropLower++) {
      const dropped = nameTrigrams[dropLower]!;
      if (lastPosition[dropped] === dropLower) lastPosition[dropped] = -1;
    }
  }
  for (let i = 0; i < end; i++) lastPosition[nameTrigrams[i]!] = -1;
  return best;
}

/** `word_similarity(query, name)` of two texts (tests, and a one-off comparison). */
export function wordSimilarityOfTexts(query: string, name: string): number {
  const numbers = new Map<string, number>();
  const numberOf = (trigram: string) => {
    let number = numbers.get(trigram);
    if (number === undefined) numbers.set(trigram, (number = numbers.size));
    return number;
  };
  const queryTrigrams = new Set(trigramsOf(query).map(numberOf));
  const nameTrigrams = trigramsOf(name).map(numberOf);
  const inQuery = new Uint8Array(numbers.size);
  for (const trigram of queryTrigrams) inQuery[trigram] = 1;
  const scratch = new Int32Array(numbers.size).fill(-1);
  return wordSimilarity(nameTrigrams, inQuery, queryTrigrams.size, scratch);
}
