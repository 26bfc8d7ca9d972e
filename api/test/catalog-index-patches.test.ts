import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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

const changeProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
  t.app.shop.db.update(products).set(values).where(eq(products.id, id));

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
    // Every sorted shelf exists before the change, so the patch has to sort them again, not only the spec's.
    for (const sort of PRODUCT_SORTS)
      for (const category of [undefined, ...PRODUCT_CATEGORIES])
        await index.page(productListQuerySchema.parse({ sort, category }), baseUrl);

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
    let nonEmpty = 0;
    for (let i = 0; i < 200; i++) {
      const first = randomQuery();
      const { filteredProductsCount } = await index.page(first, baseUrl);
      const query = {
        ...first,
        page: 1 + Math.floor(random() * (Math.ceil(filteredProductsCount / RESULT_PER_PAGE) + 1)),
      };
      const fromMemory = await index.page(query, baseUrl);
      expect(fromMemory, JSON.stringify(query)).toEqual(await loadProductPage(db, query, baseUrl));
      if (fromMemory.products.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(40);
    expect(new Set(sources)).toEqual(new Set(['memory']));
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

  it('loads the whole catalog again for a product added, once writes have paused', async () => {
    const db = t.app.shop.db;
    const sources: string[] = [];
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      quietMs: 0,
      maxProducts: 100_000,
      onAnswer: (source) => sources.push(source),
    });
    expect(await index.warm()).toBe(true);
    const added = await addProduct(t.app, { name: 'Added Behind The Index' });
    index.invalidate([added.id]);
    const query = productListQuerySchema.parse({ keyword: 'Added Behind' });
    // From the database while the index cannot place the new product, then from a whole new load.
    expect((await index.page(query, baseUrl)).filteredProductsCount).toBe(1);
    await expect.poll(async () => (await index.page(query, baseUrl), index.holdsCatalog())).toBe(true);
    expect((await index.page(query, baseUrl)).filteredProductsCount).toBe(1);
    expect(sources.at(-1)).toBe('memory');
    expect(sources).toContain('database');
  });
});
