// A storefront list query taken apart for its statements (issue 27): its shape (which filters it asks and
// how its counts are made), on which alone the statements' text depends, and its values, bound as
// placeholders. The statements are then built and compiled once per shape (db/prepared.ts) instead of on
// every list: under load that was a third of the api's CPU a list at 1,000,000 products (0.42-0.48 ms of
// CPU a list before, 0.29-0.30 after).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { productListQuerySchema } from '@shop/shared-api/schemas';
import { likeContaining } from '../db/paging.ts';
import { paiseRangeOf, wholeBandsOf } from './price-bands.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * What a list's count statement is made of. A builder reads the query only through this and `bound`, so
 * two queries of one shape build one text.
 */
export interface ListShape {
  /**
   * The keyword and how it is counted: none asked; over the words it lies in and their pairs (three
   * characters or more); over those words by their sizes (one or two); over the names themselves (a
   * keyword holding a space, or digits alone, lies in no one word).
   */
  keyword: 'none' | 'pairs' | 'sizes' | 'names';
  category: boolean;
  low: boolean;
  high: boolean;
  stars: boolean;
  /** The price bands a count sums (`wholeBandsOf`): none, from the first whole band up, or between two. */
  bands: 'none' | 'open' | 'closed';
}

/**
 * Whether a keyword can only lie inside one word of a name (migration 0023): it holds no ASCII whitespace,
 * where names are cut into words, and not digits alone, which are not kept as words (product numbers).
 */
export const countableByWords = (keyword: string) => !/[\t\n\v\f\r ]/.test(keyword) && /[^0-9]/.test(keyword);

/**
 * Whether any two words a keyword lies in share three characters in a row, so that the pairs of migration
 * 0025 hold every product holding two of them: a keyword of three characters or more (code points, as
 * PostgreSQL counts them; lowering one never shortens it).
 */
const countableByPairs = (keyword: string) => [...keyword].length >= 3;

function keywordShape(keyword: string | undefined): ListShape['keyword'] {
  if (!keyword) return 'none';
  if (!countableByWords(keyword)) return 'names';
  return countableByPairs(keyword) ? 'pairs' : 'sizes';
}

/** Whether the count is made over the words the keyword lies in (migration 0023). */
export const countedByWords = (shape: ListShape) => shape.keyword === 'pairs' || shape.keyword === 'sizes';

/** The placeholders a list's statements bind its values to, by what they hold. */
export const bound = {
  category: sql.placeholder('category'),
  /** The category's counter's key: the category, or '' for the whole catalog. */
  shelf: sql.placeholder('shelf'),
  /** The keyword as a LIKE pattern finding it anywhere, its wildcards escaped. */
  containing: sql.placeholder('containing'),
  /** The keyword as asked: one of one or two characters is looked up among the words' pieces (0028). */
  keyword: sql.placeholder('keyword'),
  /** The price range asked, in paise. */
  low: sql.placeholder('low'),
  high: sql.placeholder('high'),
  stars: sql.placeholder('stars'),
  firstBand: sql.placeholder('firstBand'),
  lastBand: sql.placeholder('lastBand'),
  /** The prices below the first whole band and above the last, counted one by one. */
  lowEndLow: sql.placeholder('lowEndLow'),
  lowEndHigh: sql.placeholder('lowEndHigh'),
  highEndLow: sql.placeholder('highEndLow'),
  highEndHigh: sql.placeholder('highEndHigh'),
};

export type ListValues = Partial<Record<keyof typeof bound, string | number>>;

/**
 * A list query's shape, and its values by placeholder (those it does not ask left out), its price bands
 * worked out once for both.
 */
export function listStatementOf(query: ProductListQuery): { shape: ListShape; values: ListValues } {
  const { low, high } = paiseRangeOf(query);
  const bands = wholeBandsOf(query);
  const shape: ListShape = {
    keyword: keywordShape(query.keyword),
    category: query.category !== undefined,
    low: low !== undefined,
    high: high !== undefined,
    stars: query.ratings?.gte !== undefined,
    bands: !bands ? 'none' : bands.last === undefined ? 'open' : 'closed',
  };
  const values: ListValues = {
    shelf: query.category ?? '',
    ...(query.category !== undefined ? { category: query.category } : {}),
    ...(query.keyword ? { containing: likeContaining(query.keyword), keyword: query.keyword } : {}),
    ...(low !== undefined ? { low } : {}),
    ...(high !== undefined ? { high } : {}),
    ...(query.ratings?.gte !== undefined ? { stars: query.ratings.gte } : {}),
    ...(bands
      ? {
          firstBand: bands.first,
          lowEndLow: bands.lowEnd.low,
          lowEndHigh: bands.lowEnd.high,
          ...(bands.last !== undefined ? { lastBand: bands.last } : {}),
          ...(bands.highEnd ? { highEndLow: bands.highEnd.low, highEndHigh: bands.highEnd.high } : {}),
        }
      : {}),
  };
  return { shape, values };
}
