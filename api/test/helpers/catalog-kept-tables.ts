// The tables the catalog's triggers keep beside the products (the counters, the names' words, their price
// bands and pairs), each checked against what it should hold when worked out again from the products.
import { expect } from 'vitest';
import { count, sql } from 'drizzle-orm';
import {
  catalogCounts,
  catalogPriceBands,
  catalogWords,
  products,
  productWordPairs,
  productWords,
} from '../../src/db/schema.ts';
import type { DbOrTx } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';

/** The counters (migration 0014): each category's products and those out of stock, and the whole catalog's (''). */
export async function countersMatch(db: DbOrTx) {
  const kept = await db.select().from(catalogCounts);
  const gone = sql<number>`count(*) filter (where ${products.stock} < 1)`.mapWith(Number);
  const counted = await db
    .select({ category: products.category, n: count(), gone })
    .from(products)
    .groupBy(products.category);
  const [all] = await db.select({ n: count(), gone }).from(products);
  const expected = Object.fromEntries(counted.map((row) => [row.category, { n: row.n, gone: row.gone }]));
  // A category's row stays at zero once its last product goes: the same as no row.
  const keptCounts = Object.fromEntries(
    kept
      .filter((row) => row.category === '' || row.products !== 0 || row.outOfStock !== 0)
      .map((row) => [row.category, { n: row.products, gone: row.outOfStock }]),
  );
  expect(keptCounts).toEqual({ ...expected, '': { n: all!.n, gone: all!.gone } });
}

/**
 * The words kept beside the products (migration 0023) are each name's, lowered as ILIKE lowers it, cut at
 * ASCII whitespace, digits alone left out, with the product's category, price and rating; the dictionary
 * counts the products holding each word.
 */
export async function wordsMatch(db: DbOrTx) {
  const named = await db
    .select({
      productId: products.id,
      lowered: sql<string>`lower(${products.name})`,
      category: products.category,
      pricePaise: products.pricePaise,
      ratings: products.ratings,
      createdAt: products.createdAt,
    })
    .from(products);
  const expected = named.flatMap(({ lowered, ...product }) =>
    [...new Set(lowered.split(/[\t\n\v\f\r ]+/))]
      .filter((word) => /[^0-9]/.test(word))
      .map((word) => ({ ...product, word })),
  );
  const byKey = (a: { productId: string; word: string }, b: { productId: string; word: string }) =>
    a.productId.localeCompare(b.productId) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  expect((await db.select().from(productWords)).sort(byKey)).toEqual(expected.sort(byKey));
  const held = new Map<string, number>();
  for (const { word } of expected) held.set(word, (held.get(word) ?? 0) + 1);
  const dictionary = await db.select().from(catalogWords);
  expect(Object.fromEntries(dictionary.map((row) => [row.word, row.products]))).toEqual(
    Object.fromEntries(held),
  );
}

/**
 * The price bands (migration 0024) hold, for every product ('') and for each word, the products of each
 * category and of every category ('', 0026), band of 100 rupees and whole star of rating: no row left at
 * zero.
 */
export async function bandsMatch(db: DbOrTx) {
  const expected = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with banded as (
        select '' as word, category, price_paise, ratings from products
        union all
        select word, category, price_paise, ratings from product_words
      )
      select word, category, price_paise / 10000 as band, floor(ratings) as rating_floor, count(*) as products
      from banded group by 1, 2, 3, 4
      union all
      select word, '', price_paise / 10000, floor(ratings), count(*) from banded group by 1, 3, 4`),
  ).map((row) => Object.values(row).join('|'));
  const kept = (await db.select().from(catalogPriceBands)).map((row) =>
    [row.word, row.category, row.band, row.ratingFloor, row.products].join('|'),
  );
  expect(kept.sort()).toEqual(expected.sort());
}

/**
 * The pairs of words (migration 0025): every two words of a product's name sharing three characters in a
 * row (code points, as PostgreSQL's substr counts), once each.
 */
export async function pairsMatch(db: DbOrTx) {
  const byProduct = new Map<string, string[]>();
  for (const { productId, word } of await db.select().from(productWords))
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), word]);
  const shareThree = (a: string, b: string) =>
    [...a].some((_, i, letters) => i + 3 <= letters.length && b.includes(letters.slice(i, i + 3).join('')));
  const expected = [...byProduct].flatMap(([productId, words]) =>
    words.flatMap((a, i) =>
      words.slice(i + 1).flatMap((b) => (shareThree(a, b) ? [[productId, ...[a, b].sort()].join('|')] : [])),
    ),
  );
  const kept = (await db.select().from(productWordPairs)).map((row) =>
    [row.productId, ...[row.wordA, row.wordB].sort()].join('|'),
  );
  expect(kept.sort()).toEqual(expected.sort());
}
