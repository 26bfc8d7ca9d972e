import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  productListQuerySchema,
  RESULT_PER_PAGE,
} from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { bandsMatch, countersMatch, pairsMatch, wordsMatch } from './helpers/catalog-kept-tables.ts';
import { addProduct, register } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { MOST_SHORT_WORDS_COUNTED } from '../src/catalog/list-words.ts';
import { likeContaining } from '../src/db/paging.ts';
import { toProductView } from '../src/catalog/product-view.ts';
import { selectReviewsWithAuthors, toReviewView } from '../src/reviews/review-repository.ts';
import { products, reviews } from '../src/db/schema.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

// Issue 27: the list answered by PostgreSQL's indexes and counters at any size must agree with the plainest
// reading of the spec (COUNT(*)s, ORDER BY ... OFFSET, every review of the page's products).
const t = useTestApp({ admin: true });
const baseUrl = 'http://shop.test';
const GENERATED = 3000;
const WORDS = ['Laptop', 'PHONE', 'camera', 'Pro', '50%', 'a_b', 'Slim', 'x', 'Éclair'];
/**
 * Keywords asked: words of the names, parts of them and of several at once ('o': a product can hold two
 * of its words, counted once; 'pro': up to three, counted from their pairs; 'a_': two, one holding most,
 * too short for pairs), LIKE's wildcards, whitespace and digits (the trigram count), a word of 40
 * products named apart ('zq': 40 words, past MOST_WORDS_COUNTED, within a short keyword's bound) and some
 * of them ('zq1': 11 words; 'q1', too short for pairs), and two characters lowered beyond ASCII ('Éc',
 * found among the words' pieces).
 */
const KEYWORDS = [
  ...WORDS,
  'lap',
  '%',
  '_',
  'pro ',
  'o pro',
  'nothing',
  '12',
  'o',
  'éCLAIR',
  'zq',
  'zq1',
  'q1x',
  'a_',
  'q1',
  'Éc',
];

let seed = 27;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

type Query = ReturnType<typeof productListQuerySchema.parse>;

/** Each order of the list as issue 28 words it: newest first (the spec's), by price, best rated; id breaks ties. */
const ORDER_BY = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.pricePaise), asc(products.id)],
  price_desc: [desc(products.pricePaise), desc(products.id)],
  rating: [desc(products.ratings), desc(products.id)],
};

/** The list's filters read plainly: the keyword anywhere in the name, rupee bounds in paise rounded inwards. */
const plainFilter = (query: Query) =>
  and(
    query.keyword ? ilike(products.name, likeContaining(query.keyword)) : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.price?.gte !== undefined ? gte(products.pricePaise, Math.ceil(query.price.gte * 100)) : undefined,
    query.price?.lte !== undefined ? lte(products.pricePaise, Math.floor(query.price.lte * 100)) : undefined,
    query.ratings?.gte !== undefined ? gte(products.ratings, query.ratings.gte) : undefined,
  );

/** The spec read plainly: two COUNT(*)s, the page by OFFSET, the page's reviews oldest first. */
async function referencePage(db: DbOrTx, query: Query) {
  const where = plainFilter(query);
  const [all] = await db.select({ n: count() }).from(products);
  const [filtered] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...ORDER_BY[query.sort ?? 'newest'])
    .limit(RESULT_PER_PAGE)
    .offset(((query.page ?? 1) - 1) * RESULT_PER_PAGE);
  const reviewRows = rows.length
    ? await selectReviewsWithAuthors(db)
        .where(
          inArray(
            reviews.productId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
    : [];
  return {
    products: rows.map((row) =>
      toProductView(
        row,
        reviewRows
          .filter((review) => review.productId === row.id)
          .map(({ createdAt, updatedAt, ...review }) =>
            toReviewView(
              { ...review, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
              baseUrl,
            ),
          ),
        baseUrl,
      ),
    ),
    productsCount: all!.n,
    filteredProductsCount: filtered!.n,
  };
}

beforeAll(async () => {
  const db = t.app.shop.db;
  // A generated catalog in one statement (every fifth product shares a timestamp: the id breaks the tie).
  await db.execute(sql`
    insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
    select substr(md5('scale' || g), 1, 24),
      (${sql.raw(`array['${WORDS.join("','")}']`)})[1 + g % ${WORDS.length}] || ' ' ||
        (${sql.raw(`array['${WORDS.join("','")}']`)})[1 + (g / 7) % ${WORDS.length}] || ' ' || g,
      (g * 7919) % 3000000, 'Generated', (${sql.raw(`array['${PRODUCT_CATEGORIES.join("','")}']`)})[1 + g % ${PRODUCT_CATEGORIES.length}],
      g % 7, '[]'::jsonb, (g % 501) / 100.0,
      timestamptz '2026-01-01' - make_interval(secs => g - g % 5)
    from generate_series(1, ${GENERATED}) g`);
  // Names cut by more than one space, a tab, or starting with one; forty products whose words differ.
  await db.execute(sql`
    insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
    select substr(md5('words' || g), 1, 24),
      case when g <= 40 then 'Kit zq' || g || 'x' else ' Slim	Pro  Pro-' || g end,
      (g * 3571) % 3000000, 'Generated', 'Camera', 3, '[]'::jsonb, (g % 6) / 1.5, timestamptz '2025-06-01' + make_interval(secs => g)
    from generate_series(1, 60) g`);
  // Two of the rare words holding "pro" and not the common one (counted once, at the first of them), and
  // a rare one sorting before the common one, both held.
  await addProduct(t.app, { name: 'Hook pro-a PRO-B', category: 'Camera', pricePaise: 150_000, ratings: 3 });
  await addProduct(t.app, { name: 'Case Apro Pro', category: 'Camera', pricePaise: 160_000, ratings: 3 });
  // Three words holding "pro" in one name; "a_" in a rare word, alone and beside the common one.
  await addProduct(t.app, {
    name: 'Trio pro-c Pro-d xpro',
    category: 'Camera',
    pricePaise: 170_000,
    ratings: 4,
  });
  await addProduct(t.app, { name: 'Mug xa_', category: 'Tops', pricePaise: 20_000, ratings: 2 });
  await addProduct(t.app, { name: 'Cup A_B xa_', category: 'Tops', pricePaise: 30_000, ratings: 1 });
  // Reviews on a few products, near the start and the end of the list.
  for (const rating of [5, 3]) {
    const reviewer = await register(t.app);
    await db.execute(sql`
      insert into reviews (id, product_id, user_id, rating, comment)
      select substr(md5('review' || p.id || ${rating}), 1, 24), p.id, ${reviewer.userId}, ${rating}, 'Rated'
      from products p where p.name like '% 1_' or p.name like '% 299_'`);
  }
  t.app.shop.catalogCache.invalidate();
});

describe('the product list at scale', () => {
  it('agrees with the plain reference on 300 random filter, sort and page combinations', async () => {
    const db = t.app.shop.db;
    let nonEmpty = 0;
    let fromTheEnd = 0;
    let sortedFromTheEnd = 0;
    for (let i = 0; i < 300; i++) {
      // Half the prices on the edges of the bands of 100 rupees (migration 0024), an upper one closing a
      // band (.99) or opening the next; half the ratings whole stars, which the bands count.
      const low = random() < 0.5 ? Math.floor(random() * 300) * 100 : random() * 30_000;
      const high =
        random() < 0.5 ? low + Math.floor(random() * 200) * 100 + pick([0, 99.99]) : low + random() * 20_000;
      const stars = random() < 0.5 ? Math.floor(random() * 5) : Math.round(random() * 500) / 100;
      const raw: Record<string, unknown> = {
        ...(random() < 0.5 ? { keyword: pick(KEYWORDS) } : {}),
        ...(random() < 0.5 ? { category: pick(PRODUCT_CATEGORIES) } : {}),
        ...(random() < 0.5 ? { price: random() < 0.8 ? { gte: low, lte: high } : { gte: low } } : {}),
        ...(random() < 0.4 ? { ratings: { gte: stars } } : {}),
        ...(random() < 0.8 ? { sort: pick(PRODUCT_SORTS) } : {}),
      };
      const unpaged = await referencePage(db, productListQuerySchema.parse(raw));
      const last = Math.ceil(unpaged.filteredProductsCount / RESULT_PER_PAGE);
      // Any page up to one past the end: the deep ones are read from the other end of the set.
      raw.page = 1 + Math.floor(random() * (last + 1));
      if ((raw.page as number) > last / 2 && (raw.page as number) <= last) {
        fromTheEnd++;
        if (raw.sort) sortedFromTheEnd++;
      }
      const query = productListQuerySchema.parse(raw);
      const answer = await loadProductPage(db, query, baseUrl);
      expect(answer, JSON.stringify(raw)).toEqual(await referencePage(db, query));
      if (answer.products.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(150);
    expect(fromTheEnd).toBeGreaterThan(50);
    expect(sortedFromTheEnd).toBeGreaterThan(60);
  });

  it('keeps the counters in the writing transaction: inserts, deletes, category and stock changes, a rollback', async () => {
    const db = t.app.shop.db;
    await countersMatch(db);
    await bandsMatch(db);
    const added = await addProduct(t.app, { category: 'Camera' });
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ category: 'Tops' }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ stock: 3 }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    // Sold out, moved while out of stock, restocked, and sold out again with another column changed.
    await db.update(products).set({ stock: 0 }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ category: 'Laptop' }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ stock: 5, category: 'Camera' }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ stock: 0, name: 'Sold out' }).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    await db.update(products).set({ stock: 4 }).where(eq(products.category, 'Tops'));
    await countersMatch(db);
    await bandsMatch(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(products).where(eq(products.category, 'Laptop'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await countersMatch(db);
    await bandsMatch(db);
    await db.delete(products).where(eq(products.id, added.id));
    await countersMatch(db);
    await bandsMatch(db);
    const answer = await loadProductPage(db, productListQuerySchema.parse({ category: 'Tops' }), baseUrl);
    expect(answer.productsCount).toBe(
      (await referencePage(db, productListQuerySchema.parse({}))).productsCount,
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "plans a keyword matching no word without compiling it (JIT off on the api's connections)",
    async () => {
      // The count's branches for many words are estimated over an unknown list, past jit_above_cost: with
      // JIT on, PostgreSQL compiled them for 15-17 ms to answer a keyword matching nothing in 0.1 ms.
      // This catalog is small: the threshold is lowered to what a million products' estimate passes.
      const plan = await t.app.shop.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit_above_cost = 0`);
        return tx.execute(sql`
          explain (analyze, format json) select count(*) from product_words
          where word = any(array(select word from catalog_words where word like '%nothing%'))`);
      });
      expect(JSON.stringify(rowsOf(plan))).toContain('Execution Time');
      expect(JSON.stringify(rowsOf(plan))).not.toContain('"JIT"');
    },
  );

  it("keeps the names' words in the writing transaction, so a keyword counts what ILIKE finds after every write", async () => {
    const db = t.app.shop.db;
    /** Every keyword's first page, newest first and by price, counts included, as the plain reference reads it. */
    const keywordsAgree = async (keywords: string[]) => {
      for (const keyword of keywords)
        for (const raw of [
          { keyword },
          { keyword, category: 'Camera', ratings: { gte: 1 } },
          { keyword, sort: 'price_desc' },
        ]) {
          const query = productListQuerySchema.parse(raw);
          expect(await loadProductPage(db, query, baseUrl), JSON.stringify(raw)).toEqual(
            await referencePage(db, query),
          );
        }
    };
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    const added = await addProduct(t.app, { name: 'Quokka quokka Quokkas Tripod', category: 'Camera' });
    const other = await addProduct(t.app, { name: 'Tripod 99', category: 'Laptop', pricePaise: 900 });
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    await keywordsAgree(['quokka', 'tripod', 'ripo']);
    // A rename drops the words no product holds any more and adds the new ones.
    await db.update(products).set({ name: 'Wombat\tTRIPOD tripods' }).where(eq(products.id, added.id));
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    await keywordsAgree(['quokka', 'wombat', 'tripod']);
    // A price, rating or category change moves the product's words with it; a stock change touches nothing.
    await db.update(products).set({ pricePaise: 123_400, ratings: 4.5 }).where(eq(products.id, added.id));
    await db.update(products).set({ category: 'Tops', stock: 1 }).where(eq(products.id, other.id));
    // A creation time moved (an import's) moves the product in the newest-first pages read from the words.
    await db
      .update(products)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(products.id, other.id));
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    await keywordsAgree(['tripod', 'wombat']);
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(products).where(eq(products.category, 'Camera'));
        await tx.update(products).set({ name: 'Everything renamed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    await db.delete(products).where(inArray(products.id, [added.id, other.id]));
    await wordsMatch(db);
    await bandsMatch(db);
    await pairsMatch(db);
    await keywordsAgree(['tripod', 'wombat', 'pro']);
  });

  it('counts a short keyword in many words from their rows, and past their bound from the names', async () => {
    const db = t.app.shop.db;
    // Model words holding "qv", a product each: more than a keyword of two characters is counted over.
    await db.execute(sql`insert into products (id, name, price_paise, category, stock)
      select substr(md5('pieces' || g), 1, 24), 'Widget qv' || g || 'w', 100 * g,
        (array['Camera', 'Tops'])[1 + g % 2], 1
      from generate_series(1, ${MOST_SHORT_WORDS_COUNTED + 4}) g`);
    // "qv" and "Qv": past the bound, from the names; "v1" (1,111 words): from the words' rows; "qv1" (the same
    // words): past the bound of a longer keyword, from the names' trigrams.
    for (const keyword of ['qv', 'Qv', 'v1', 'qv1'])
      for (const raw of [
        { keyword },
        { keyword, category: 'Camera', price: { gte: 50, lte: 2_000 } },
        { keyword, sort: 'price_desc', page: 3 },
      ]) {
        const query = productListQuerySchema.parse(raw);
        const answer = await loadProductPage(db, query, baseUrl);
        expect(answer.filteredProductsCount, JSON.stringify(raw)).toBeGreaterThan(32);
        expect(answer, JSON.stringify(raw)).toEqual(await referencePage(db, query));
      }
  });
});
