// The storefront list's filters and its two counts (`productsCount`, `filteredProductsCount`) on the SQL
// path, with no COUNT(*) over the products where an index or a counter can answer instead. Built from the
// query's shape with its values bound (list-shape.ts), once per shape.
import { and, ilike, sql, type Column, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm/sql';
import type { DbOrTx } from '../db/client.ts';
import { products, productWords } from '../db/schema.ts';
import { rowsOf } from '../db/rows.ts';
import { executePrepared } from '../db/prepared.ts';
import { bound, countedByWords, type ListShape, type ListValues } from './list-shape.ts';
import { mostWordsCounted, wordsHolding } from './list-words.ts';

/** The columns a list filters on: the product's own, or their copies beside each word (`product_words`). */
type FilteredColumns = Record<'category' | 'pricePaise' | 'ratings', Column | SQL>;

/**
 * A value the planner does not see when it plans (a subquery's answer, known only as the statement runs): a
 * statement whose values are all hidden costs the same planned for them or for any, so PostgreSQL keeps one
 * plan for it after five (db/prepared.ts) instead of planning it again on every call.
 */
export const hiddenFromPlanner = (value: Placeholder, type: 'text' | 'bigint' | 'float8') =>
  sql`(select ${value}::${sql.raw(type)})`;

/** Which prices a count reads: the query's range, or the prices at the ends of its whole bands. */
type PricesCounted = 'asked' | 'lowEnd' | 'highEnd';

/** The bounds of `prices`, each when the shape has it. */
function priceBounds(shape: ListShape, prices: PricesCounted): { low?: Placeholder; high?: Placeholder } {
  if (prices === 'lowEnd') return { low: bound.lowEndLow, high: bound.lowEndHigh };
  if (prices === 'highEnd') return { low: bound.highEndLow, high: bound.highEndHigh };
  return { ...(shape.low ? { low: bound.low } : {}), ...(shape.high ? { high: bound.high } : {}) };
}

/**
 * The category, price (`prices`) and rating filters as SQL conditions over `columns`, their values hidden
 * from the planner when `hidden`.
 */
function rangeFilters(
  shape: ListShape,
  columns: FilteredColumns,
  prices: PricesCounted = 'asked',
  hidden = false,
): SQL[] {
  const value = (value: Placeholder, type: 'text' | 'bigint' | 'float8') =>
    hidden ? hiddenFromPlanner(value, type) : sql`${value}`;
  const { low, high } = priceBounds(shape, prices);
  const filters: SQL[] = [];
  if (shape.category) filters.push(sql`${columns.category} = ${value(bound.category, 'text')}`);
  if (low) filters.push(sql`${columns.pricePaise} >= ${value(low, 'bigint')}`);
  if (high) filters.push(sql`${columns.pricePaise} <= ${value(high, 'bigint')}`);
  if (shape.stars) filters.push(sql`${columns.ratings} >= ${value(bound.stars, 'float8')}`);
  return filters;
}

/** How `andWordFilters` writes its filters. */
export interface WordFilterOptions {
  /** Which prices are counted (`countFromBands`): the query's own range, unless a band end is. */
  prices?: PricesCounted;
  /** The values hidden from the planner, for a statement planned once for any of them. */
  hidden?: boolean;
  /** The price kept out of the index's conditions (`+ 0`), for a walk planned once in another order. */
  priceUnindexed?: boolean;
}

/**
 * The category, price and rating filters over the words' copies, as ` and …` to follow a word's condition.
 */
export function andWordFilters(
  shape: ListShape,
  { prices = 'asked', hidden = false, priceUnindexed = false }: WordFilterOptions = {},
): SQL {
  const { category, pricePaise, ratings } = productWords;
  const columns = { category, ratings, pricePaise: priceUnindexed ? sql`(${pricePaise} + 0)` : pricePaise };
  const filters = rangeFilters(shape, columns, prices, hidden);
  return filters.length ? sql` and ${and(...filters)}` : sql``;
}

/**
 * A filtered count of the products of the words `wordIs` picks (a condition on `word`; '' for every
 * product), once per word each holds: `countWithin('asked')` (the query's own count, every filter) when no
 * price band can answer (price-bands.ts), else the rows of their whole bands (in the query's category, or
 * of every category '' without one, and from its whole stars up) summed, plus `countWithin` the prices at
 * the range's two ends.
 */
function countFromBands(wordIs: SQL, shape: ListShape, countWithin: (prices: PricesCounted) => SQL): SQL {
  if (shape.bands === 'none') return countWithin('asked');
  const conditions = [wordIs, sql`band >= ${bound.firstBand}`];
  if (shape.bands === 'closed') conditions.push(sql`band <= ${bound.lastBand}`);
  conditions.push(shape.category ? sql`category = ${bound.category}` : sql`category = ''`);
  if (shape.stars) conditions.push(sql`rating_floor >= ${bound.stars}`);
  const ends = [countWithin('lowEnd'), ...(shape.bands === 'closed' ? [countWithin('highEnd')] : [])];
  return sql`((select coalesce(sum(products), 0) from catalog_price_bands where ${sql.join(conditions, sql` and `)})
    + ${sql.join(ends, sql` + `)})`;
}

/**
 * The products of the words `wordIs` picks passing the query's filters, once per word each holds: from
 * their price bands when they can answer (0024).
 */
const countOfWords = (wordIs: SQL, shape: ListShape) =>
  countFromBands(
    wordIs,
    shape,
    (prices) => sql`(select count(*) from product_words where ${wordIs}${andWordFilters(shape, { prices })})`,
  );

/** Every product passing the query's filters but a keyword: from the price bands of '' when they can answer. */
const countOfFilters = (shape: ListShape) =>
  countFromBands(
    sql`word = ''`,
    shape,
    (prices) =>
      sql`(select count(*) from products where ${and(sql`true`, ...rangeFilters(shape, products, prices))})`,
  );

/** The storefront list's filters as one SQL condition. */
export function productFilter(shape: ListShape) {
  const filters = rangeFilters(shape, products);
  if (shape.keyword !== 'none') filters.unshift(ilike(products.name, bound.containing));
  return filters.length ? and(...filters) : undefined;
}

/** Whether the filtered count is a maintained counter: nothing asked but (perhaps) a category. */
const countedByCategory = (shape: ListShape) =>
  shape.keyword === 'none' && !shape.low && !shape.high && !shape.stars;

/** A category's product count ('' for the whole catalog) from migration 0014's counters (no COUNT(*)). */
const countedProducts = (category: string | Placeholder) =>
  sql`coalesce((select products from catalog_counts where category = ${category}), 0)`;

/**
 * The products holding the listed words (`list`), filtered, each once: the words' rows summed (their price
 * bands), less `k - 1` for each product holding `k` of them, which is in `k(k-1)/2` of their pairs
 * (migration 0025). The filters are the product's own columns, read for those few products. "phone" (phone
 * and headphones, 100,000 products each) without a category at 1,000,000 products: every row of the two
 * words hashed by product before, 19-26 ms; the bands of both and no pair now.
 */
function countByPairs(shape: ListShape) {
  return sql`${countOfWords(sql`word = any(list)`, shape)} - (
    select coalesce(sum(round((sqrt(1 + 8 * held.pairs) - 1) / 2)), 0)
    from (
      select product_id, count(*) as pairs from product_word_pairs
      where word_a = any(list) and word_b = any(list) group by product_id
    ) held join products on ${products.id} = held.product_id
    where ${and(sql`true`, ...rangeFilters(shape, products))})`;
}

/**
 * The products holding the listed words (`list`), filtered, for a keyword of one or two characters (no pairs
 * kept for it): when one word holds most of the products (its dictionary count at least four times the
 * others' together), its rows are counted as they are, and each row of the other words only when its
 * product holds neither that word nor a listed word before it (one primary-key probe a row); else every row
 * is gathered by product (a hash of them all). The category, price and rating are the product's, copied
 * beside each word: a product passes them on all its rows or none.
 */
function countBySizes(shape: ListShape) {
  const filtered = andWordFilters(shape);
  return sql`(select case
      when sizes.others * 4 <= sizes.most then
        ${countOfWords(sql`word = sizes.main`, shape)}
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
      from unnest(list, list_sizes) as listed(word, products)
    ) sizes)`;
}

/**
 * The products whose name holds the keyword, filtered, counted over the words it lies in (`words`, the CTE
 * of `wordsHolding`): index-only range scans of the words' bands and rows, a product holding two of the
 * words counted once (`countByPairs`, `countBySizes`). More words than `mostWordsCounted` fall back to
 * `byTrigrams`.
 */
function countByWords(shape: ListShape, byTrigrams: SQL) {
  return sql`(select case
      when cardinality(list) = 0 then 0
      when cardinality(list) <= ${mostWordsCounted(shape)} then
        ${shape.keyword === 'pairs' ? countByPairs(shape) : countBySizes(shape)}
      else ${byTrigrams}
    end from words)`;
}

export interface ListCounts {
  all: number;
  filtered: number;
  /**
   * The words the keyword lies in when the count was theirs (at most `mostWordsCounted`): the page's
   * ids can then be read from their rows too (`list-page.ts`).
   */
  words?: string[];
  /**
   * How many rows a walk of those words may pass, with `words`: all of theirs (each word's products), or
   * theirs in the category asked when all would make the walk too long (`countProductsAndPage`).
   */
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
export async function countProducts(db: DbOrTx, shape: ListShape, values: ListValues): Promise<ListCounts> {
  const result = await executePrepared(
    db,
    countedByWords(shape) ? 'list-count-by-words' : 'list-count',
    shape,
    () => countStatement(shape),
    values,
  );
  return countsOf(rowsOf<CountRow>(result)[0]!);
}

/**
 * A page the counts' statement reads too, once it knows them (`countProductsAndPage`): its shape, the SQL
 * answering it (or null, when it is not to be read there) from the counts' columns and the words the
 * keyword lies in, and its values.
 */
export interface PageAfterCounts {
  shape: ListShape;
  page: (counted: CountedColumns) => SQL;
  /** Whether the page's walk over `wordRows` rows, `filtered` of them passing, is short (`plannedOnce`). */
  walkIsShort: (filtered: SQL, wordRows: SQL) => SQL;
  values: Record<string, string | number>;
}

/** What the counts' statement has worked out when its page is read, as the SQL naming it. */
export interface CountedColumns {
  filtered: SQL;
  /** How many rows a walk of the words may pass (`ListCounts.wordRows`); null past `mostWordsCounted`. */
  wordRows: SQL;
  /** Those words, as a set of rows (none past `mostWordsCounted`). */
  words: SQL;
}

/**
 * Both counts of a list counted over its keyword's words and, in the same statement, its page when
 * `after.page` answers it (null when not): one round trip instead of two, for the api and the database
 * alike. `products` is undefined when the page was not read; the caller reads it as for `countProducts`.
 */
export async function countProductsAndPage<Products>(
  db: DbOrTx,
  shape: ListShape,
  values: ListValues,
  after: PageAfterCounts,
): Promise<ListCounts & { products?: Products }> {
  const result = await executePrepared(
    db,
    'list-count-and-page',
    after.shape,
    () => sql`${wordsHolding(shape)}, counted as materialized (select ${wordCountColumns(shape)}),
      walked as materialized (select counted.*, ${walkedRows(shape, after)} as walked_rows from counted)
      select all_count, filtered_count, words, walked_rows as word_rows, ${after.page({
        filtered: sql`walked.filtered_count`,
        wordRows: sql`walked.walked_rows`,
        words: sql`unnest(walked.words)`,
      })} as products from walked`,
    { ...values, ...after.values },
  );
  const row = rowsOf<CountRow & { products: Products | null }>(result)[0]!;
  return { ...countsOf(row), ...(row.products !== null ? { products: row.products } : {}) };
}

/**
 * The rows a page's walk of the words may pass: all of theirs, or with a category asked, when that many
 * would make the walk too long for one plan, theirs in the category, summed from its price bands (a walk
 * in a category reads its index, `product_words_category_*`). The bench's random lists, whose categories
 * hold a seventh of each word, were planned for their values one in ten on the words' whole count, at 0.45 ms
 * of planning each; none is in its category. The sum (up to a row per band and whole star) is read only then.
 */
function walkedRows(shape: ListShape, after: PageAfterCounts): SQL {
  if (!shape.category) return sql`counted.word_rows`;
  return sql`case
      when counted.words is null or counted.filtered_count = 0
        or ${after.walkIsShort(sql`counted.filtered_count`, sql`counted.word_rows`)} then counted.word_rows
      else (select coalesce(sum(products), 0) from catalog_price_bands
        where word = any(counted.words) and category = ${bound.category})::float8
    end`;
}

interface CountRow {
  all_count: number;
  filtered_count: number;
  words?: string[] | null;
  word_rows?: number | null;
}

const countsOf = (row: CountRow): ListCounts => ({
  all: Number(row.all_count),
  filtered: Number(row.filtered_count),
  ...(Array.isArray(row.words) ? { words: row.words, wordRows: Number(row.word_rows ?? 0) } : {}),
});

const allCounted = sql`${countedProducts('')}::int as all_count`;

/** A count over every product passing the list's filters (the trigram index for a keyword). */
const countOfProducts = (shape: ListShape) =>
  sql`(select count(*) from products where ${productFilter(shape) ?? sql`true`})`;

/** The counts' columns of a list counted over its keyword's words, after `wordsHolding`. */
const wordCountColumns = (shape: ListShape) =>
  sql`${allCounted}, ${countByWords(shape, countOfProducts(shape))}::int as filtered_count,
    (select list from words where cardinality(list) <= ${mostWordsCounted(shape)}) as words,
    (select (select sum(products) from unnest(list_sizes) as products) from words
      where cardinality(list) <= ${mostWordsCounted(shape)})::float8 as word_rows`;

/** The statement answering both counts of a list of `shape` (`countProducts`). */
function countStatement(shape: ListShape): SQL {
  if (countedByWords(shape)) return sql`${wordsHolding(shape)} select ${wordCountColumns(shape)}`;
  const filtered = countedByCategory(shape)
    ? countedProducts(bound.shelf)
    : shape.keyword === 'names'
      ? countOfProducts(shape)
      : countOfFilters(shape);
  return sql`select ${allCounted}, ${filtered}::int as filtered_count`;
}

/** How many products the catalog holds. */
export async function countCatalog(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select ${countedProducts('')}::int as all_count`);
  return Number(rowsOf<{ all_count: number }>(result)[0]!.all_count);
}
