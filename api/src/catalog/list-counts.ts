// The storefront list's filters and its two counts (`productsCount`, `filteredProductsCount`) on the SQL
// path, with no COUNT(*) over the products where an index or a counter can answer instead.
import { and, ilike, sql, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { productListQuerySchema } from '@shop/shared-api/schemas';
import type { DbOrTx } from '../db/client.ts';
import { products, productWords } from '../db/schema.ts';
import { likeContaining } from '../db/paging.ts';
import { rowsOf } from '../db/rows.ts';
import { executePrepared } from '../db/prepared.ts';
import { countFromBands, paiseRangeOf, type PaiseRange } from './price-bands.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;

/** The columns a list filters on: the product's own, or their copies beside each word (`product_words`). */
type FilteredColumns = Record<'category' | 'pricePaise' | 'ratings', Column>;

/**
 * A value the planner does not see when it plans (a subquery's answer, known only as the statement runs): a
 * statement whose values are all hidden costs the same planned for them or for any, so PostgreSQL keeps one
 * plan for it after five (db/prepared.ts) instead of planning it again on every call.
 */
export const hiddenFromPlanner = (value: string | number, type: 'text' | 'bigint' | 'float8') =>
  sql`(select ${value}::${sql.raw(type)})`;

/**
 * The category, price (the query's, or `prices`) and rating filters as SQL conditions over `columns`, their
 * values hidden from the planner when `hidden`.
 */
function rangeFilters(
  query: ProductListQuery,
  columns: FilteredColumns,
  prices = paiseRangeOf(query),
  hidden = false,
): SQL[] {
  const value = (value: string | number, type: 'text' | 'bigint' | 'float8') =>
    hidden ? hiddenFromPlanner(value, type) : sql`${value}`;
  const filters: SQL[] = [];
  if (query.category) filters.push(sql`${columns.category} = ${value(query.category, 'text')}`);
  if (prices.low !== undefined) filters.push(sql`${columns.pricePaise} >= ${value(prices.low, 'bigint')}`);
  if (prices.high !== undefined) filters.push(sql`${columns.pricePaise} <= ${value(prices.high, 'bigint')}`);
  if (query.ratings?.gte !== undefined)
    filters.push(sql`${columns.ratings} >= ${value(query.ratings.gte, 'float8')}`);
  return filters;
}

/**
 * The category, price and rating filters over the words' copies, as ` and …` to follow a word's condition,
 * their values hidden from the planner when `hidden`.
 */
export function andWordFilters(query: ProductListQuery, prices?: PaiseRange, hidden = false): SQL {
  const filters = rangeFilters(query, productWords, prices, hidden);
  return filters.length ? sql` and ${and(...filters)}` : sql``;
}

/**
 * The products of the words `wordIs` picks passing the query's filters, once per word each holds: from
 * their price bands when they can answer (0024).
 */
const countOfWords = (wordIs: SQL, query: ProductListQuery) =>
  countFromBands(
    wordIs,
    query,
    (prices) => sql`(select count(*) from product_words where ${wordIs}${andWordFilters(query, prices)})`,
  );

/** Every product passing the query's filters but a keyword: from the price bands of '' when they can answer. */
const countOfFilters = (query: ProductListQuery) =>
  countFromBands(
    sql`word = ''`,
    query,
    (prices) =>
      sql`(select count(*) from products where ${and(sql`true`, ...rangeFilters(query, products, prices))})`,
  );

/** The storefront list's filters as one SQL condition. */
export function productFilter(query: ProductListQuery) {
  const filters = rangeFilters(query, products);
  if (query.keyword) filters.unshift(ilike(products.name, likeContaining(query.keyword)));
  return filters.length ? and(...filters) : undefined;
}

/** Whether the filtered count is a maintained counter: nothing asked but (perhaps) a category. */
const countedByCategory = (query: ProductListQuery) =>
  !query.keyword &&
  query.price?.gte === undefined &&
  query.price?.lte === undefined &&
  query.ratings?.gte === undefined;

/** A category's product count ('' for the whole catalog) from migration 0014's counters (no COUNT(*)). */
const countedProducts = (category: string) =>
  sql`coalesce((select products from catalog_counts where category = ${category}), 0)`;

/**
 * Past this many words holding a keyword, the count is the trigram index's: each word is one more range
 * scan, and a keyword of a letter or two lies in most of the dictionary.
 */
export const MOST_WORDS_COUNTED = 32;

/**
 * Whether a keyword can only lie inside one word of a name (migration 0023): it holds no ASCII whitespace,
 * where names are cut into words, and not digits alone, which are not kept as words (product numbers).
 */
export const countableByWords = (keyword: string) => !/[\t\n\v\f\r ]/.test(keyword) && /[^0-9]/.test(keyword);

/** The dictionary's words holding the keyword, up to one past `MOST_WORDS_COUNTED` (ILIKE lowers both sides). */
const wordsHolding = (keyword: string) => sql`
  with words as materialized (
    select array(
      select word from catalog_words where word like lower(${likeContaining(keyword)}) and products > 0
      order by word limit ${MOST_WORDS_COUNTED + 1}
    ) as list
  )`;

/**
 * Whether any two words a keyword lies in share three characters in a row, so that the pairs of migration
 * 0025 hold every product holding two of them: a keyword of three characters or more (code points, as
 * PostgreSQL counts them; lowering one never shortens it).
 */
const countableByPairs = (keyword: string) => [...keyword].length >= 3;

/**
 * The products holding the listed words (`list`), filtered, each once: the words' rows summed (their price
 * bands), less `k - 1` for each product holding `k` of them, which is in `k(k-1)/2` of their pairs
 * (migration 0025). The filters are the product's own columns, read for those few products. "phone" (phone
 * and headphones, 100,000 products each) without a category at 1,000,000 products: every row of the two
 * words hashed by product before, 19-26 ms; the bands of both and no pair now.
 */
function countByPairs(query: ProductListQuery) {
  return sql`${countOfWords(sql`word = any(list)`, query)} - (
    select coalesce(sum(round((sqrt(1 + 8 * held.pairs) - 1) / 2)), 0)
    from (
      select product_id, count(*) as pairs from product_word_pairs
      where word_a = any(list) and word_b = any(list) group by product_id
    ) held join products on ${products.id} = held.product_id
    where ${and(sql`true`, ...rangeFilters(query, products))})`;
}

/**
 * The products holding the listed words (`list`), filtered, for a keyword of one or two characters (no pairs
 * kept for it): when one word holds most of the products (its dictionary count at least four times the
 * others' together), its rows are counted as they are, and each row of the other words only when its
 * product holds neither that word nor a listed word before it (one primary-key probe a row); else every row
 * is gathered by product (a hash of them all). The category, price and rating are the product's, copied
 * beside each word: a product passes them on all its rows or none.
 */
function countBySizes(query: ProductListQuery) {
  const filtered = andWordFilters(query);
  return sql`(select case
      when sizes.others * 4 <= sizes.most then
        ${countOfWords(sql`word = sizes.main`, query)}
        + (select count(*) from product_words
            where word = any(array_remove(list, sizes.main))${filtered}
              -- A scalar subquery, not NOT EXISTS: the planner would make that an anti join hashing
              -- every row of the listed words, the cost this branch is here to avoid.
              and (select 1 from product_words held
                where held.product_id = product_words.product_id and held.word = any(list)
                  and (held.word = sizes.main or held.word < product_words.word) limit 1) is null)
      else (
        select count(*) from (
          select product_id from product_words where word = any(list)${filtered} group by product_id
        ) holding)
    end from (
      select (array_agg(word order by products desc, word))[1] as main, max(products) as most,
        sum(products) - max(products) as others
      from catalog_words where word = any(list)
    ) sizes)`;
}

/**
 * The products whose name holds the keyword, filtered, counted over the words it lies in (`words`, the CTE
 * of `wordsHolding`): index-only range scans of the words' bands and rows, a product holding two of the
 * words counted once (`countByPairs`, `countBySizes`). More words than `MOST_WORDS_COUNTED` fall back to
 * `byTrigrams`.
 */
function countByWords(query: ProductListQuery, keyword: string, byTrigrams: SQL) {
  return sql`(select case
      when cardinality(list) = 0 then 0
      when cardinality(list) <= ${MOST_WORDS_COUNTED} then
        ${countableByPairs(keyword) ? countByPairs(query) : countBySizes(query)}
      else ${byTrigrams}
    end from words)`;
}

export interface ListCounts {
  all: number;
  filtered: number;
  /**
   * The words the keyword lies in when the count was theirs (at most `MOST_WORDS_COUNTED`): the page's
   * ids can then be read from their rows too (`list-page.ts`).
   */
  words?: string[];
  /** How many rows those words hold in all (each word's products), with `words`. */
  wordRows?: number;
}

/**
 * Both counts of the list: the total from the counters migration 0014's triggers keep (no COUNT(*)), the
 * filtered one from the category's counter when only a category is asked, from the names' words when a
 * keyword can only lie inside one (migration 0023), else a count the indexes serve (the trigram index for
 * the keyword, the covering order and price indexes for the rest). A word's count, and the filters' without
 * a keyword, sum the price bands of migration 0024 that lie wholly inside the range asked; several words'
 * take off the products holding two of them, from the pairs of migration 0025.
 */
export async function countProducts(db: DbOrTx, query: ProductListQuery): Promise<ListCounts> {
  const byProducts = sql`(select count(*) from products where ${productFilter(query) ?? sql`true`})`;
  const all = sql`${countedProducts('')}::int as all_count`;
  const result =
    query.keyword && countableByWords(query.keyword)
      ? await executePrepared(
          db,
          'list-count-by-words',
          sql`${wordsHolding(query.keyword)}
          select ${all}, ${countByWords(query, query.keyword, byProducts)}::int as filtered_count,
            (select list from words where cardinality(list) <= ${MOST_WORDS_COUNTED}) as words,
            (select sum(catalog_words.products) from words, catalog_words
              where cardinality(list) <= ${MOST_WORDS_COUNTED} and catalog_words.word = any(list))::float8 as word_rows`,
        )
      : await executePrepared(
          db,
          'list-count',
          sql`select ${all}, ${
            countedByCategory(query)
              ? countedProducts(query.category ?? '')
              : query.keyword
                ? byProducts
                : countOfFilters(query)
          }::int as filtered_count`,
        );
  const row = rowsOf<{
    all_count: number;
    filtered_count: number;
    words?: string[] | null;
    word_rows?: number | null;
  }>(result)[0]!;
  return {
    all: Number(row.all_count),
    filtered: Number(row.filtered_count),
    ...(Array.isArray(row.words) ? { words: row.words, wordRows: Number(row.word_rows ?? 0) } : {}),
  };
}

/** How many products the catalog holds. */
export async function countCatalog(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select ${countedProducts('')}::int as all_count`);
  return Number(rowsOf<{ all_count: number }>(result)[0]!.all_count);
}
