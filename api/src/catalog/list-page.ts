// The storefront list's orders and the ids of one page of it on the SQL path: from the products, or from
// the words of their names when the keyword's count was theirs (migration 0023).
import { sql, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm/sql';
import type { ProductSort } from '@shop/shared-api/schemas';
import { products, productWords, type ProductRow } from '../db/schema.ts';
import {
  andWordFilters,
  hiddenFromPlanner,
  productFilter,
  type CountedColumns,
  type ListCounts,
} from './list-counts.ts';
import type { ListShape } from './list-shape.ts';

/**
 * The storefront list's orders (`sort=`, issue 28; none asked is `newest`, the spec's order): one column,
 * then the id, both in the sort's direction. A total order (no two products tie on the id), which the
 * memory index (catalog-snapshot.ts) keeps in the same way, and one that reverses whole: a deep page is read
 * from the other end by flipping both directions.
 */
export const LIST_ORDERS = {
  newest: { column: 'createdAt', descending: true },
  price_asc: { column: 'pricePaise', descending: false },
  price_desc: { column: 'pricePaise', descending: true },
  rating: { column: 'ratings', descending: true },
} as const satisfies Record<ProductSort, { column: keyof ProductRow; descending: boolean }>;

const directionOf = (sort: ProductSort | undefined, reversed: boolean) =>
  LIST_ORDERS[sort ?? 'newest'].descending !== reversed ? 'desc' : 'asc';

/** `order by` the list's order (`reversed`: read from the other end), its columns named as `table`'s. */
export function listOrder(sort: ProductSort | undefined, table: string, reversed = false) {
  const direction = directionOf(sort, reversed);
  const column = products[LIST_ORDERS[sort ?? 'newest'].column].name;
  return sql.raw(`${table}.${column} ${direction}, ${table}.id ${direction}`);
}

/** Where a page starts and how many rows it takes, in the order read (`pageFromNearerEnd`). */
interface PageRead {
  fromEnd: boolean;
  limit: number;
  skip: number;
}

/** The placeholders of a page's own values. */
const pageBound = {
  limit: sql.placeholder('limit'),
  skip: sql.placeholder('skip'),
  /** How far each word's rows are walked: to the page's end. */
  reach: sql.placeholder('reach'),
  /** The words the keyword lies in, as a JSON array. */
  words: sql.placeholder('words'),
};

/**
 * What a page's statement is made of beyond its count's shape: the order, the end it is read from, and
 * whether it is read from the words (`fromWords`) with one plan for any value (`plannedOnce`) or for its own.
 */
export interface PageShape extends ListShape {
  sort: ProductSort;
  fromEnd: boolean;
  fromWords: 'no' | 'plannedOnce' | 'planned';
}

/**
 * How many of the words' rows a page read from them may walk before its plan, made for no value in
 * particular, costs more than planning the page for its values (0.28 ms at 1,000,000 products, about as long
 * as walking 3,000 index entries).
 */
const PLANNED_ONCE_WALK = 3_000;

/**
 * Whether the page read from the words can keep one plan: the rows walked to reach its end, as many as
 * the filters pass one in `wordRows / filtered`, stay within `PLANNED_ONCE_WALK`. Past it (a narrow price
 * range of a common word, a deep page) the planner sees the values and may take the price index instead.
 */
const plannedOnce = (counts: ListCounts, read: PageRead) =>
  ((read.skip + read.limit) * (counts.wordRows ?? Infinity)) / Math.max(counts.filtered, 1) <=
  PLANNED_ONCE_WALK;

/** Whether a page of `sort` can be read from the words the keyword lies in (their indexes keep its order). */
export const readableFromWords = (sort: ProductSort | undefined) =>
  LIST_ORDERS[sort ?? 'newest'].column !== 'ratings';

/**
 * The page read from the front with one plan (`plannedOnce`), as the counts' own statement can read it
 * once they are known: the same rules as `pageFromNearerEnd` and `plannedOnce`, in SQL. When this holds, the
 * list costs one statement instead of two; when not, its page is read after the counts as before.
 */
export const frontPageWalkedOnce = ({ filtered, wordRows }: CountedColumns): SQL =>
  sql`${pageBound.skip} < ${filtered} and 2 * ${pageBound.skip} <= ${filtered}
    and ${frontWalkIsShort(filtered, wordRows)}`;

/**
 * `plannedOnce` in SQL for a page read from the front: its walk over `wordRows` rows is short. In floating
 * point: 3,000 times a count of 715,828 or more overflows an integer (a letter's count at a million).
 */
export const frontWalkIsShort = (filtered: SQL, wordRows: SQL): SQL =>
  sql`${pageBound.reach} * ${wordRows} <= ${PLANNED_ONCE_WALK} * greatest(${filtered}, 1)::float8`;

/** The shape and values of a page read from the front of the words with one plan (`frontPageWalkedOnce`). */
export function frontPageOf(shape: ListShape, sort: ProductSort | undefined, offset: number, limit: number) {
  return {
    shape: { ...shape, sort: sort ?? 'newest', fromEnd: false, fromWords: 'plannedOnce' } satisfies PageShape,
    values: { limit, skip: offset, reach: offset + limit },
  };
}

/** The shape of a page's statement, and its values by placeholder. */
export function pageShapeOf(
  shape: ListShape,
  sort: ProductSort | undefined,
  counts: ListCounts,
  read: PageRead,
): { shape: PageShape; values: Record<keyof typeof pageBound, string | number> } {
  const fromWords = Boolean(counts.words?.length) && readableFromWords(sort);
  return {
    shape: {
      ...shape,
      sort: sort ?? 'newest',
      fromEnd: read.fromEnd,
      fromWords: !fromWords ? 'no' : plannedOnce(counts, read) ? 'plannedOnce' : 'planned',
    },
    values: {
      limit: read.limit,
      skip: read.skip,
      reach: read.skip + read.limit,
      words: JSON.stringify(counts.words ?? []),
    },
  };
}

/** The words a page walks, given as a value (a JSON array). */
const boundWords = sql`json_array_elements_text(${pageBound.words}::json)`;

/**
 * The page's product ids (a subquery answering `id`), in the list's order or, read from the end, reversed.
 * When the keyword's count came from the words it lies in, and the order is one their indexes keep (newest,
 * by price), each word's rows are walked in that order up to the page's end, index only, and merged (a
 * product holding two of the words once); else the products are filtered as the spec reads (the trigram
 * index for the keyword, the order's covering index for the rest).
 *
 * Read from the words, a page's values are hidden from the planner when its walk is short (`plannedOnce`):
 * planned for its values, PostgreSQL planned it on every call (0.28 ms, more than the 0.23 ms it ran), as
 * every plan made for values cost less than the plan for any (971 against 9,006 for a page of "camera").
 * Planned once, a newest-first walk keeps the price out of its index conditions: with a dictionary of many
 * words (a few rows a word, to the planner), that one plan read the word's price range from the price
 * index and sorted it, 1,405 rows and 2.6-12.9 ms for a page of "pro" in a category at a million
 * products, where the walk in order reads 24 rows (0.07-0.28 ms) within the bound `plannedOnce` keeps.
 */
export function pageIds(shape: PageShape, heldWords: SQL = boundWords): SQL {
  // Placeholders, not text: the statement is prepared once per connection (db/prepared.ts), one per shape.
  if (shape.fromWords === 'no')
    return sql`select products.id from products where ${productFilter(shape) ?? sql`true`}
      order by ${listOrder(shape.sort, 'products', shape.fromEnd)} limit ${pageBound.limit} offset ${pageBound.skip}`;
  const hidden = shape.fromWords === 'plannedOnce';
  const count = (value: Placeholder) => (hidden ? hiddenFromPlanner(value, 'bigint') : sql`${value}`);
  const column = LIST_ORDERS[shape.sort].column;
  const key = sql.raw(productWords[column].name);
  const direction = sql.raw(directionOf(shape.sort, shape.fromEnd));
  return sql`select hits.product_id as id
    from ${heldWords} as held(word), lateral (
      select product_words.product_id, product_words.${key} as key from product_words
      where product_words.word = held.word${andWordFilters(shape, { hidden, priceUnindexed: hidden && column !== 'pricePaise' })}
      order by product_words.${key} ${direction}, product_words.product_id ${direction}
      limit ${count(pageBound.reach)}
    ) hits
    group by hits.product_id, hits.key
    order by hits.key ${direction}, hits.product_id ${direction}
    limit ${count(pageBound.limit)} offset ${count(pageBound.skip)}`;
}
