import { describe, expect, it } from 'vitest';
import { median, percentile } from './percentiles.ts';

describe("the benches' percentiles", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1, unsorted

  it('is the nearest rank: the smallest value with p% of all at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([7], 99)).toBe(7);
  });

  it('says NaN for no values, and leaves the values as they were', () => {
    expect(percentile([], 99)).toBeNaN();
    const values = [3, 1, 2];
    percentile(values, 50);
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('takes the upper middle as the median of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([5, 1, 3])).toBe(3);
  });
});
