import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

// The catalog: products, their counts (the list's totals) and their reviews.

export interface StoredImage {
  url: string;
  /** Key in the image store when the api owns the file (deleted with the product). */
  key?: string;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    stock: integer('stock').notNull(),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    ratings: doublePrecision('ratings').notNull().default(0),
    numOfReviews: integer('num_of_reviews').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_price_check', sql`${table.pricePaise} >= 0`),
    // The list's indexes (migrations 0014 and 0017, written by hand: INCLUDE columns and a trigram GIN
    // index): products_name_trgm_idx, products_list_order_idx, products_category_order_idx,
    // products_price_order_idx, products_category_price_order_idx, products_rating_order_idx.
  ],
);

/**
 * How many products there are: overall (category '') and per category, kept by triggers on `products` in
 * the writing transaction (migration 0014). Derived data: backups leave it out, a restore rebuilds it.
 */
export const catalogCounts = pgTable('catalog_counts', {
  category: text('category').primaryKey(),
  products: bigint('products', { mode: 'number' }).notNull(),
  /** Of them, those with no stock (migration 0020): the admin product list's stat card. */
  outOfStock: bigint('out_of_stock', { mode: 'number' }).notNull().default(0),
});

/**
 * Each word of each product's name (migration 0023): the name lowered and cut at ASCII whitespace, every
 * word holding a letter or another non-digit, with the columns the list filters and orders on beside it. A
 * keyword without whitespace can only lie inside one word, so the list's filtered count and page for it are
 * index-only range scans of these rows (four covering indexes written by hand: by price and newest first,
 * each within a category and over all) instead of a trigram bitmap rechecked against every product
 * holding it. Kept by triggers on `products` in the writing transaction. Derived data: backups leave it
 * out, a restore rebuilds it.
 */
export const productWords = pgTable(
  'product_words',
  {
    productId: char('product_id', { length: 24 }).notNull(),
    word: text('word').notNull(),
    category: text('category').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    ratings: doublePrecision('ratings').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.word] })],
);

/**
 * The distinct words of `product_words` and how many products hold each (migration 0023), with a trigram
 * index: the words a keyword lies in are found here before any product is counted. Derived data.
 */
export const catalogWords = pgTable('catalog_words', {
  word: text('word').primaryKey(),
  products: bigint('products', { mode: 'number' }).notNull(),
});

/**
 * How many products fall in each price band of 100 rupees, by word, category and whole stars of rating
 * (migration 0024; word '' for every product, category '' for every category since 0026). A filtered count
 * over a price range sums the bands wholly inside it and counts only the products of the two bands at its
 * ends: a common word's count without a category read 22,000 index entries at a million products, its
 * bands about 2,000, its bands of every category a seventh of that. Kept by triggers on `products` and
 * `product_words` in the writing transaction. Derived data: backups leave it out.
 */
export const catalogPriceBands = pgTable(
  'catalog_price_bands',
  {
    word: text('word').notNull(),
    category: text('category').notNull(),
    band: integer('band').notNull(),
    ratingFloor: integer('rating_floor').notNull(),
    products: integer('products').notNull(),
  },
  (table) => [primaryKey({ columns: [table.word, table.category, table.band, table.ratingFloor] })],
);

/**
 * Two words of a product's name that share three characters in a row (migration 0025), once per product: a
 * keyword of three characters or more lying in two of a name's words lies in such a pair. A keyword lying in
 * several words is counted from their price bands, each product once: a product holding `k` of the
 * words is in `k(k-1)/2` of their pairs, found here, so `k - 1` comes off the bands' sum. Kept by triggers
 * on `product_words` in the writing transaction. Derived data: backups leave it out.
 */
export const productWordPairs = pgTable(
  'product_word_pairs',
  {
    productId: char('product_id', { length: 24 }).notNull(),
    wordA: text('word_a').notNull(),
    wordB: text('word_b').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.wordA, table.wordB] }),
    index('product_word_pairs_words_idx').on(table.wordA, table.wordB),
  ],
);

/**
 * What each catalog revision changed (migration 0022): the products whose pages now show something new, or
 * null when anything may have. Caches of rendered pages in front of the api drop only those pages and the
 * lists (`GET /catalog/changes`). The last 10,000 are kept; a cache further behind drops everything.
 * Derived data: backups leave it out.
 */
export const catalogChanges = pgTable('catalog_changes', {
  revision: bigint('revision', { mode: 'number' }).primaryKey(),
  products: jsonb('products').$type<string[]>(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: char('product_id', { length: 24 })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One review per user per product: a second submission updates the first.
    uniqueIndex('reviews_product_user_key').on(table.productId, table.userId),
    index('reviews_user_id_idx').on(table.userId),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
