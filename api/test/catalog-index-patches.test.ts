import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  productListQuerySchema,
  RESULT_PER_PAGE,
} from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { createCatalogIndex } from '../src/catalog/catalog-index.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import type { Db } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';

const t = useTestApp();
const baseUrl = 'http://shop.test';

// A deterministic pseudo-random sequence, so a failing case can be replayed.
let seed = 27;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const WORDS = ['Laptop', 'Phone', 'Camera', 'Pro', 'Slim', 'Max'];
const randomQuery = (page = 1) =>
  productListQuerySchema.parse({
    ...(random() < 0.4 ? { keyword: pick(WORDS) } : {}),
    ...(random() < 0.5 ? { category: pick(PRODUCT_CATEGORIES) } : {}),
    ...(random() < 0.4
      ? { price: { gte: Math.floor(random() * 10_000), lte: 10_000 + random() * 20_000 } }
      : {}),
    ...(random() < 0.4 ? { ratings: { gte: Math.floor(random() * 5) } } : {}),
    ...(random() < 0.8 ? { sort: pick(PRODUCT_SORTS) } : {}),
    page,
  });

/** An index over the test database that loads again only after a minute's quiet: memory soon after a change is a patch. */
function patchedIndex(read = <T>(query: (db: Db) => Promise<T>) => query(t.app.shop.db)) {
  const sources: string[] = [];
  const index = createCatalogIndex(read, {
    refreshMs: null,
    quietMs: 60_000,
    maxProducts: 100_000,
    onAnswer: (source) => sources.push(source),
  });
  return { index, sources };
}

const changeProduct = (id: string, values: PgUpdateSetSource<typeof products>) =>
  t.app.shop.db.update(products).set(values).where(eq(products.id, id));

type PatchedIndex = ReturnType<typeof patchedIndex>['index'];

/**
 * Asks every sort of every category once, with every keyword the random filters use, so a patch has every
 * sorted shelf to keep in order, not only the spec's, and every shelf's names already end to end with
 * those keywords' positions remembered (shelf-names.ts) to keep true.
 */
async function shelveEverySort(index: PatchedIndex) {
  for (const sort of PRODUCT_SORTS)
    for (const category of [undefined, ...PRODUCT_CATEGORIES])
      for (const keyword of ['a', ...WORDS])
        await index.page(productListQuerySchema.parse({ sort, category, keyword }), baseUrl);
}

/** 200 random filters, sorts and pages, each answered by the index as the database answers it; how many had products. */
async function expectAnswersOfTheDatabase(index: PatchedIndex) {
  let nonEmpty = 0;
  for (let i = 0; i < 200; i++) {
    const first = randomQuery();
    const { filteredProductsCount } = await index.page(first, baseUrl);
    const query = {
      ...first,
      page: 1 + Math.floor(random() * (Math.ceil(filteredProductsCount / RESULT_PER_PAGE) + 1)),
    };
    const fromMemory = await index.page(query, baseUrl);
    expect(fromMemory, JSON.stringify(query)).toEqual(await loadProductPage(t.app.shop.db, query, baseUrl));
    if (fromMemory.products.length) nonEmpty++;
  }
  return nonEmpty;
}

beforeAll(async () => {
  const shared = new Date('2026-03-01T10:00:00.000Z');
  for (let i = 0; i < 80; i++) {
    await addProduct(t.app, {
      name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      category: pick(PRODUCT_CATEGORIES),
      pricePaise: Math.floor(random() * 3_000_000),
      ratings: Math.round(random() * 500) / 100,
      createdAt: i % 4 === 0 ? shared : new Date(shared.getTime() - i * 1000),
    });
  }
});

describe('the catalog index after a change that names its products', () => {
  it('reads only those products again and answers every filter, sort and page as the database does', async () => {
    const db = t.app.shop.db;
    const { index, sources } = patchedIndex();
    expect(await index.warm()).toBe(true);
    await shelveEverySort(index);

    const all = await db.select().from(products);
    const changed = all.filter(() => random() < 0.25);
    expect(changed.length).toBeGreaterThan(10);
    for (const [i, product] of changed.entries()) {
      await changeProduct(
        product.id,
        [
          { stock: product.stock + 3 },
          { pricePaise: Math.floor(random() * 3_000_000) },
          { ratings: Math.round(random() * 500) / 100, numOfReviews: 4 },
          { category: pick(PRODUCT_CATEGORIES) },
          { name: `Renamed ${pick(WORDS)} ${i}` },
        ][i % 5]!,
      );
    }
    sources.length = 0;
    index.invalidate(changed.map((product) => product.id));
    // Set aside while the products are read: this instance's own write shows at once, from the database.
    const renamed = productListQuerySchema.parse({ keyword: 'Renamed' });
    expect((await index.page(renamed, baseUrl)).filteredProductsCount).toBeGreaterThan(0);
    expect(sources).toEqual(['database']);
    await expect.poll(() => index.holdsCatalog()).toBe(true);

    sources.length = 0;
    expect(await expectAnswersOfTheDatabase(index)).toBeGreaterThan(40);
    expect(new Set(sources)).toEqual(new Set(['memory']));
  });

  it("keeps every sorted shelf's keywords true across price, rating and category changes, patch after patch", async () => {
    const db = t.app.shop.db;
    const { index, sources } = patchedIndex();
    expect(await index.warm()).toBe(true);
    await shelveEverySort(index);
    const all = await db.select().from(products);
    for (let round = 0; round < 3; round++) {
      const changed = all.filter(() => random() < 0.1);
      expect(changed.length).toBeGreaterThan(2);
      for (const [i, product] of changed.entries())
        await changeProduct(
          product.id,
          [
            { pricePaise: Math.floor(random() * 3_000_000) },
            { ratings: Math.round(random() * 500) / 100, numOfReviews: 4 },
            { category: pick(PRODUCT_CATEGORIES) },
          ][(i + round) % 3]!,
        );
      index.invalidate(changed.map((product) => product.id));
      await expect.poll(() => index.holdsCatalog(), { timeout: 2000 }).toBe(true);
      sources.length = 0;
      expect(await expectAnswersOfTheDatabase(index)).toBeGreaterThan(40);
      expect(new Set(sources)).toEqual(new Set(['memory']));
    }
  });

  it('puts a change named while the whole catalog was loading into what it loaded', async () => {
    const db = t.app.shop.db;
    const [product] = await db.select().from(products).limit(1);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holdNextRead = true;
    // The load reads the catalog, then waits: what it read is from before the change below.
    const { index } = patchedIndex(async (query) => {
      const result = await query(db);
      if (holdNextRead) {
        holdNextRead = false;
        await released;
      }
      return result;
    });
    const warming = index.warm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await changeProduct(product!.id, { pricePaise: 123_400 });
    index.invalidate([product!.id]);
    release();
    expect(await warming).toBe(true);
    const query = productListQuerySchema.parse({ price: { gte: 1234, lte: 1234 } });
    expect((await index.page(query, baseUrl)).products.map((shown) => shown._id)).toEqual([product!.id]);
  });

  it('reads the products again when they change while a patch is reading them', async () => {
    const db = t.app.shop.db;
    const [product] = await db.select().from(products).limit(1);
    let holdReads = false;
    let release: () => void = () => {};
    // A read made while held returns what it read, but only once released: a patch's read that is overtaken.
    const { index } = patchedIndex(async (query) => {
      const result = await query(db);
      if (holdReads) {
        holdReads = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return result;
    });
    expect(await index.warm()).toBe(true);
    holdReads = true;
    await changeProduct(product!.id, { pricePaise: 111_100 });
    index.invalidate([product!.id]);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the patch has read ₹1,111 and waits
    await changeProduct(product!.id, { pricePaise: 222_200 });
    index.invalidate([product!.id]);
    release();
    await expect.poll(() => index.holdsCatalog()).toBe(true);
    const at = async (rupees: number) =>
      (
        await index.page(productListQuerySchema.parse({ price: { gte: rupees, lte: rupees } }), baseUrl)
      ).products.map((shown) => shown._id);
    expect(await at(2222)).toEqual([product!.id]);
    expect(await at(1111)).toEqual([]);
  });

  it('places products added and takes products deleted without loading the whole catalog', async () => {
    const db = t.app.shop.db;
    const { index, sources } = patchedIndex();
    expect(await index.warm()).toBe(true);
    await shelveEverySort(index);

    const all = await db.select().from(products);
    const deleted = all.filter(() => random() < 0.2);
    expect(deleted.length).toBeGreaterThan(5);
    await db.delete(products).where(
      inArray(
        products.id,
        deleted.map((product) => product.id),
      ),
    );
    // Newest of all, oldest of all, and between others (times no other product has to the millisecond).
    const times = [
      Date.now() + 60_000,
      Date.parse('2020-01-01T00:00:00.123Z'),
      Date.parse('2026-02-28T23:59:30.5Z'),
    ];
    const added = [];
    for (const [i, time] of times.entries())
      added.push(
        await addProduct(t.app, {
          name: `Restocked ${pick(WORDS)} ${i}`,
          category: pick(PRODUCT_CATEGORIES),
          pricePaise: Math.floor(random() * 3_000_000),
          ratings: Math.round(random() * 500) / 100,
          createdAt: new Date(time),
        }),
      );
    sources.length = 0;
    index.invalidate([...deleted, ...added].map((product) => product.id));
    // Set aside while they are read: this instance's own write shows at once, from the database.
    const restocked = productListQuerySchema.parse({ keyword: 'Restocked' });
    expect((await index.page(restocked, baseUrl)).filteredProductsCount).toBe(3);
    expect(sources).toEqual(['database']);
    // Back within a read (a whole load would wait for a minute's quiet: `patchedIndex`).
    await expect.poll(() => index.holdsCatalog(), { timeout: 2000 }).toBe(true);

    sources.length = 0;
    expect(await expectAnswersOfTheDatabase(index)).toBeGreaterThan(40);
    expect((await index.page(restocked, baseUrl)).filteredProductsCount).toBe(3);
    expect(new Set(sources)).toEqual(new Set(['memory']));
  });

  it('loads the whole catalog again for a product added in the same millisecond as another, once writes have paused', async () => {
    const db = t.app.shop.db;
    const sources: string[] = [];
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      quietMs: 0,
      maxProducts: 100_000,
      onAnswer: (source) => sources.push(source),
    });
    // Two products created in the same millisecond: the list orders them by the microsecond, which a JS
    // date cannot hold, so the index cannot tell where the newer id (placed first on a tie) belongs.
    const at = (time: string) => ({ createdAt: sql`${time}::timestamptz`, pricePaise: 987_600 });
    const [neighbour] = await db.select().from(products).limit(1);
    await changeProduct(neighbour!.id, at('2026-03-05T10:00:00.123400Z'));
    expect(await index.warm()).toBe(true);
    const added = await addProduct(t.app, { name: 'Added Behind The Index' });
    await changeProduct(added.id, at('2026-03-05T10:00:00.123200Z'));
    index.invalidate([added.id]);
    const query = productListQuerySchema.parse({ price: { gte: 9876, lte: 9876 } });
    // From the database while the index cannot place the new product, then from a whole new load.
    const listed = (await loadProductPage(db, query, baseUrl)).products.map((product) => product._id);
    expect(listed).toEqual([neighbour!.id, added.id]);
    await expect.poll(async () => (await index.page(query, baseUrl), index.holdsCatalog())).toBe(true);
    sources.length = 0;
    expect((await index.page(query, baseUrl)).products.map((product) => product._id)).toEqual(listed);
    expect(sources).toEqual(['memory']);
  });
});
