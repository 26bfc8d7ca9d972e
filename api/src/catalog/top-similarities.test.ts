import { describe, expect, it } from 'vitest';
import { topSimilarities } from './suggestions.ts';
import { similarityOf, trigramsOf, wordSimilarityOfTexts } from './trigrams.ts';

describe('topSimilarities', () => {
  it('are the three highest values count / (n + extent - count) takes, for texts of 2 to 37 trigrams', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    for (let n = 2; n <= 37; n++) {
      // A word of n - 1 different characters has n different trigrams ("  a", " ab", ..., "yz ").
      const word = letters.slice(0, n - 1);
      expect(new Set(trigramsOf(word)).size).toBe(n);
      const values = new Set<number>();
      // Past an extent of 2n every value is below 1/2, and (n - 1) / n is at least 1/2.
      for (let count = 0; count <= n; count++)
        for (let extent = Math.max(count, 1); extent <= 2 * n + 2; extent++)
          values.add(similarityOf(count, n, extent));
      const highest = [...values].sort((a, b) => b - a).slice(0, 3);
      expect(topSimilarities(word), `n = ${n}`).toEqual(highest);
    }
  });

  it('match what names of each kind score against "tab" and "ta"', () => {
    expect(topSimilarities('tab')).toEqual([1, Math.fround(4 / 5), 0.75]);
    expect(wordSimilarityOfTexts('tab', 'Tab Stand')).toBe(1);
    expect(wordSimilarityOfTexts('tab', 'Xtab T Ta')).toBe(Math.fround(4 / 5));
    expect(wordSimilarityOfTexts('tab', 'Tablet Sleeve')).toBe(0.75);
    expect(topSimilarities('ta')).toEqual([1, 0.75, Math.fround(2 / 3)]);
  });

  it('are none for text with fewer than two trigrams: nothing but punctuation', () => {
    expect(topSimilarities('!!')).toEqual([]);
    expect(topSimilarities('%%%')).toEqual([]);
  });
});
