// The price bands of migration 0024 a list's filtered count can sum (issue 27): how many products of a word
// ('' for every product) fall in each band of 100 rupees, by category ('' for every one) and whole stars.
// The bands wholly inside the range are summed; the products of the two partial bands at its ends are
// counted one by one, with every filter of the query (`countFromBands` in list-counts.ts).
import type { z } from 'zod';
import type { productListQuerySchema } from '@shop/shared-api/schemas';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/** A band's width in paise (100 rupees): `catalog_price_band()` of migration 0024 cuts them the same. */
export const PRICE_BAND_PAISE = 10_000;

/** A price range in paise, both ends included; a missing end is open. */
export interface PaiseRange {
  low?: number;
  high?: number;
}

/** The query's rupee bounds in paise, rounded inwards so a bound never lets in a price outside it. */
export function paiseRangeOf(query: ProductListQuery): PaiseRange {
  return {
    ...(query.price?.gte !== undefined ? { low: Math.ceil(query.price.gte * 100) } : {}),
    ...(query.price?.lte !== undefined ? { high: Math.floor(query.price.lte * 100) } : {}),
  };
}

/** The bands wholly inside a query's price range (`last` open when it has no upper end) and its two ends. */
export interface WholeBands {
  first: number;
  last?: number;
  /** The prices below the first whole band (empty when the range starts on a band's edge). */
  lowEnd: Required<PaiseRange>;
  /** The prices above the last whole band, when the range has an upper end. */
  highEnd?: Required<PaiseRange>;
  /** The whole stars asked (`ratings[gte]`), when asked. */
  stars?: number;
}

/**
 * The bands a query's count can sum, or undefined: when no band lies wholly inside its price range (a
 * range within two bands counts its few products directly), or when the rating asked is not a whole
 * number of stars (a band's row of 3 stars holds products on both sides of 3.5).
 */
export function wholeBandsOf(query: ProductListQuery): WholeBands | undefined {
  const stars = query.ratings?.gte;
  if (stars !== undefined && !Number.isInteger(stars)) return undefined;
  const { low = 0, high } = paiseRangeOf(query);
  const first = Math.ceil(low / PRICE_BAND_PAISE);
  const last = high === undefined ? undefined : Math.floor((high + 1) / PRICE_BAND_PAISE) - 1;
  if (last !== undefined && last < first) return undefined;
  return {
    first,
    ...(last !== undefined ? { last, highEnd: { low: (last + 1) * PRICE_BAND_PAISE, high: high! } } : {}),
    lowEnd: { low, high: first * PRICE_BAND_PAISE - 1 },
    ...(stars !== undefined ? { stars } : {}),
  };
}
