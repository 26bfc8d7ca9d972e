import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { PRICE_BAND_PAISE, wholeBandsOf } from './price-bands.ts';

const bandsOf = (raw: Record<string, unknown>) => wholeBandsOf(productListQuerySchema.parse(raw));

describe('the price bands a filtered count sums', () => {
  it('sums the bands wholly inside the range and counts the prices at its two ends', () => {
    // 150.50 to 420.25 rupees: bands 2 and 3 (200-399.99) whole, 150.50-199.99 and 400-420.25 counted.
    expect(bandsOf({ price: { gte: 150.5, lte: 420.25 } })).toEqual({
      first: 2,
      last: 3,
      lowEnd: { low: 15_050, high: 19_999 },
      highEnd: { low: 40_000, high: 42_025 },
    });
  });

  it('leaves an end empty when the range starts or stops on a band edge', () => {
    const bands = bandsOf({ price: { gte: 100, lte: 299.99 } })!;
    expect(bands).toMatchObject({ first: 1, last: 2 });
    expect(bands.lowEnd.low).toBeGreaterThan(bands.lowEnd.high);
    expect(bands.highEnd!.low).toBeGreaterThan(bands.highEnd!.high);
    // A bound of 300 rupees takes in the first paisa of band 3, which is counted, not summed.
    expect(bandsOf({ price: { gte: 100, lte: 300 } })).toMatchObject({
      last: 2,
      highEnd: { low: 3 * PRICE_BAND_PAISE, high: 30_000 },
    });
  });

  it('reads an open range from nothing or up to every band', () => {
    expect(bandsOf({})).toEqual({ first: 0, lowEnd: { low: 0, high: -1 } });
    expect(bandsOf({ price: { gte: 250 } })).toEqual({ first: 3, lowEnd: { low: 25_000, high: 29_999 } });
    expect(bandsOf({ price: { lte: 99.99 }, ratings: { gte: 4 } })).toEqual({
      first: 0,
      last: 0,
      lowEnd: { low: 0, high: -1 },
      highEnd: { low: PRICE_BAND_PAISE, high: 9_999 },
      stars: 4,
    });
  });

  it('counts directly a range inside two bands, or a rating between whole stars', () => {
    expect(bandsOf({ price: { gte: 150, lte: 249 } })).toBeUndefined();
    expect(bandsOf({ price: { gte: 100, lte: 199.98 } })).toBeUndefined();
    expect(bandsOf({ ratings: { gte: 3.5 } })).toBeUndefined();
  });
});
