// The dictionary's words a list's keyword lies in (migrations 0023 and 0028), found before any product is
// counted: the list's counts and page are then read from those words' rows (list-counts.ts, list-page.ts).
import { sql } from 'drizzle-orm';
import { bound, type ListShape } from './list-shape.ts';

/**
 * Past this many words holding a keyword, the count is the trigram index's: each word is one more range
 * scan, and a keyword of a letter or two lies in most of the dictionary.
 */
export const MOST_WORDS_COUNTED = 32;

/**
 * The same bound for a keyword of one or two characters, which the names' trigram index cannot find: past
 * the bound every name is read (0.9-1.25 s at 1,300,000 products). Its words' rows, each product once, and
 * a page gathered from them cost less up to this many words ("ab" in 2,307 words: see docs/performance.md).
 */
export const MOST_SHORT_WORDS_COUNTED = 4_096;

export const mostWordsCounted = (shape: ListShape) =>
  shape.keyword === 'sizes' ? MOST_SHORT_WORDS_COUNTED : MOST_WORDS_COUNTED;

/**
 * The dictionary's words holding the keyword, up to one past `mostWordsCounted`, in the words' order (ILIKE
 * lowers both sides). A keyword of three characters or more is looked up in the dictionary's trigram index,
 * kept apart (`offset 0`): the statement is planned once for any keyword, and that plan walked the
 * dictionary's primary key in order to stop at the limit, reading every word when few or none hold the
 * keyword (a dictionary of 20,000 words: 10-77 ms a list). A shorter keyword has no trigram: it is one of
 * the words' pieces (migration 0028), and any one past `mostWordsCounted` of the words holding it will do,
 * since that many are not counted by their words.
 */
export function wordsHolding(shape: ListShape) {
  const found =
    shape.keyword === 'pairs'
      ? sql`word like lower(${bound.containing}) and products > 0 offset 0`
      : sql`word_pieces(word) @> array[lower(${bound.keyword})] and products > 0 limit ${mostWordsCounted(shape) + 1}`;
  // Each word's product count travels with it (`list_sizes`): the dictionary is read once, not once a use.
  // The outer `order by word` looks redundant (any words past the bound will do) but it is what plans the
  // lookup for every word found: with a bare `limit`, the planner takes a sequential read of the dictionary
  // stopping at the limit, which reads it all when few words hold the keyword (list-plans.test.ts fails).
  return sql`with words as materialized (
    select coalesce(array_agg(word order by word), '{}') as list,
      coalesce(array_agg(products order by word), '{}') as list_sizes
    from (select word, products from (select word, products from catalog_words where ${found}) holding
      order by word limit ${mostWordsCounted(shape) + 1}) found)`;
}
