import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  productListQuerySchema,
  RESULT_PER_PAGE,
} from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, listProducts, productNames as names, register } from './helpers/shop.ts';
import { createCatalogIndex } from '../src/catalog/catalog-index.ts';
import { loadCatalogSnapshot, pageOfSnapshot } from '../src/catalog/catalog-snapshot.ts';
import { loadProductPage, loadProductView } from '../src/catalog/product-repository.ts';
import { countCatalog } from '../src/catalog/list-counts.ts';
import { products } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';

const t = useTestApp({ admin: true });
const baseUrl = 'http://shop.test';

// A deterministic pseudo-random sequence, so a failing case can be replayed.
let seed = 12;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const WORDS = ['Laptop', 'PHONE', 'camera', 'Pro', '50%', 'a_b', 'Slim', 'x'];
const prices: number[] = [];
/** A rupee bound on, just off or between stored prices: where rounding paise inwards decides. */
const priceBound = () => pick(prices) / 100 + pick([0, 0.001, -0.001, 0.005, -0.005, 7.5]);

beforeAll(async () => {
  // Several products share a timestamp (the id breaks the tie), some have reviews.
  const shared = new Date('2026-01-01T00:00:00.123Z');
  for (let i = 0; i < 90; i++) {
    const pricePaise = Math.floor(random() * 3_000_000);
    prices.push(pricePaise);
    await addProduct(t.app, {
      name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      category: pick(PRODUCT_CATEGORIES),
      pricePaise,
      ratings: Math.round(random() * 500) / 100,
      createdAt: i % 3 === 0 ? shared : new Date(shared.getTime() - i * 1000),
    });
  }
  // Groups of products with one price and one rating each (some with one timestamp too): the sorts' ties,
  // which only the id breaks. Half their ids share the first 12 digits, so only the rest tells them apart,
  // and one is not hex at all (the index compares the halves of hex ids as numbers, anything else as text).
  const sharedHalf = newId().slice(0, 12);
  for (let i = 0; i < 16; i++) {
    const pricePaise = [149_900, 1_000_000, 2_500_000, 99_900][i % 4]!;
    prices.push(pricePaise);
    await addProduct(t.app, {
      name: `${pick(WORDS)} Tied ${i}`,
      category: pick(PRODUCT_CATEGORIES),
      pricePaise,
      ratings: [4.5, 0, 3, 4.5][i % 4]!,
      createdAt: i % 2 === 0 ? shared : new Date(shared.getTime() - i * 7000),
      ...(i === 7
        ? { id: `${sharedHalf}tied${i}zzzzzz` }
        : i % 2 === 1
          ? { id: sharedHalf + newId().slice(12) }
          : {}),
    });
  }
  const reviewed = (await listProducts(t.app, '?keyword=Laptop')).body.products.slice(0, 3);
  for (const product of reviewed) {
    for (const rating of [5, 2]) {
      const reviewer = await register(t.app);
      await t.request('PUT', '/review', {
        as: reviewer,
        payload: { rating, comment: `Rated ${rating}`, productId: product._id },
      });
    }
  }
});

describe('the in-memory catalog index', () => {
  it('answers every filter, sort and page combination exactly as the database query does', async () => {
    const db = t.app.shop.db;
    const snapshot = await loadCatalogSnapshot(db);
    let nonEmpty = 0;
    let sortedFromTheEnd = 0;
    for (let i = 0; i < 300; i++) {
      const [low, high] = [priceBound(), priceBound()].sort((a, b) => a - b);
      const raw: Record<string, unknown> = {
        ...(random() < 0.7 ? { keyword: pick([...WORDS, 'lap', '%', '_', ' pro ', 'nothing']) } : {}),
        ...(random() < 0.5 ? { category: pick(PRODUCT_CATEGORIES) } : {}),
        ...(random() < 0.7 ? { price: { gte: Math.max(0, low!), lte: Math.max(0, high!) } } : {}),
        ...(random() < 0.5 ? { ratings: { gte: Math.round(random() * 500) / 100 } } : {}),
        // Each order, and none (the spec's), about equally often.
        ...(random() < 0.8 ? { sort: pick(PRODUCT_SORTS) } : {}),
      };
      // Any page up to one past the end (pages 1 to 3 of a long list too): the database reads a page past
      // the middle from the other end, in every order.
      const matching = pageOfSnapshot(snapshot, productListQuerySchema.parse(raw), baseUrl);
      const last = Math.ceil(matching.filteredProductsCount / RESULT_PER_PAGE);
      raw.page = 1 + Math.floor(random() * (Math.max(last, 2) + 1));
      const query = productListQuerySchema.parse(raw);
      const fromMemory = pageOfSnapshot(snapshot, query, baseUrl);
      expect(fromMemory, JSON.stringify(raw)).toEqual(await loadProductPage(db, query, baseUrl));
      if (fromMemory.products.length) nonEmpty++;
      // A page past the middle of its list: the database reads it from the other end.
      const offset = (query.page! - 1) * RESULT_PER_PAGE;
      if (query.sort && offset > fromMemory.filteredProductsCount / 2 && fromMemory.products.length)
        sortedFromTheEnd++;
    }
    // The cases must exercise real pages, not only empty answers, sorted deep pages among them.
    expect(nonEmpty).toBeGreaterThan(50);
    expect(sortedFromTheEnd).toBeGreaterThan(10);
  });

  it('sorts by price both ways and by rating, ties broken by id in the same direction', async () => {
    const snapshot = await loadCatalogSnapshot(t.app.shop.db);
    const everything = (sort: string) => {
      const query = productListQuerySchema.parse({ sort });
      const { filteredProductsCount } = pageOfSnapshot(snapshot, query, baseUrl);
      return Array.from({ length: Math.ceil(filteredProductsCount / RESULT_PER_PAGE) }, (_, page) =>
        pageOfSnapshot(snapshot, { ...query, page: page + 1 }, baseUrl).products.map(
          ({ _id, price, ratings }) => ({ _id, price, ratings }),
        ),
      ).flat();
    };
    const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : 1);
    const cheapest = everything('price_asc');
    expect(cheapest).toEqual(cheapest.toSorted((a, b) => a.price - b.price || byId(a, b)));
    expect(everything('price_desc')).toEqual(cheapest.toReversed());
    const rated = everything('rating');
    expect(rated).toEqual(rated.toSorted((a, b) => b.ratings - a.ratings || byId(b, a)));
    expect(rated).toHaveLength(snapshot.all.products.length);
  });

  it("answers every product's page from memory as the database does, asking the database only for one it does not hold", async () => {
    const db = t.app.shop.db;
    let reads = 0;
    const index = createCatalogIndex(
      (query) => {
        reads++;
        return query(db);
      },
      { refreshMs: null, quietMs: 60_000, maxProducts: 100_000 },
    );
    expect(await index.warm()).toBe(true);
    const held = await db.select({ id: products.id }).from(products);
    reads = 0;
    let reviewed = 0;
    for (const { id } of held) {
      const fromMemory = await index.product(id, baseUrl);
      expect(fromMemory).toEqual(await loadProductView(db, id, baseUrl));
      if (fromMemory!.reviews.length) reviewed++;
    }
    expect(reviewed).toBeGreaterThanOrEqual(3);
    expect(reads).toBe(0);
    expect(await index.product(newId(), baseUrl)).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('shows a product change at once on this instance', async () => {
    const before = await listProducts(t.app, '?keyword=Freshly');
    expect(before.body.filteredProductsCount).toBe(0);
    const added = await addProduct(t.app, { name: 'Freshly Added Camera' });
    expect(names((await listProducts(t.app, '?keyword=Freshly')).body)).toEqual(['Freshly Added Camera']);
    // The product page too, answered and cached before an edit, shows the edit on the next ask.
    const page = async () => (await t.request('GET', `/product/${added.id}`)).json().product;
    expect((await page()).name).toBe('Freshly Added Camera');
    const edited = await t.request('PUT', `/admin/product/${added.id}`, {
      as: t.admin,
      payload: {
        name: 'Freshly Renamed Camera',
        price: 2499.5,
        description: 'Edited.',
        category: 'Camera',
        stock: 3,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await page()).toMatchObject({ name: 'Freshly Renamed Camera', price: 2499.5, stock: 3 });
  });

  it("shows a reviewer's new name in the list's reviews", async () => {
    const product = await addProduct(t.app, { name: 'Renamed Reviewer Product' });
    const reviewer = await register(t.app);
    await t.request('PUT', '/review', {
      as: reviewer,
      payload: { rating: 4, comment: 'Good', productId: product.id },
    });
    const reviewerName = async () =>
      (await listProducts(t.app, '?keyword=Renamed%20Reviewer')).body.products[0].reviews[0].name;
    const oldName = await reviewerName();
    const renamed = await t.request('PUT', '/me/update', {
      as: reviewer,
      payload: { name: 'New Reviewer Name', email: reviewer.email },
    });
    expect(renamed.statusCode).toBe(200);
    expect(oldName).not.toBe('New Reviewer Name');
    expect(await reviewerName()).toBe('New Reviewer Name');
  });

  it("picks up another instance's write from the changes feed, and one made around the api after the full refresh", async () => {
    const db = t.app.shop.db;
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: 50,
      fullRefreshMs: 1500,
      quietMs: 0,
      maxProducts: 100_000,
    });
    const matching = async (keyword: string) =>
      (await index.page(productListQuerySchema.parse({ keyword }), baseUrl)).filteredProductsCount;
    const pricedAt = async (rupees: number) =>
      (await index.page(productListQuerySchema.parse({ price: { gte: rupees, lte: rupees } }), baseUrl))
        .filteredProductsCount;
    expect(await index.warm()).toBe(true);
    expect(await pricedAt(9876)).toBe(0);
    // Written as another api instance writes: the row, then its revision in the changes feed (the app's
    // catalog cache records it; this index hears no notice).
    const [product] = await db.select().from(products).limit(1);
    await db.update(products).set({ pricePaise: 987_600 }).where(eq(products.id, product!.id));
    t.app.shop.catalogCache.invalidate([product!.id]);
    // Well before the full refresh: the feed told it.
    await expect.poll(() => pricedAt(9876), { timeout: 800 }).toBe(1);
    await expect.poll(() => index.holdsCatalog()).toBe(true);

    // Written around the api (psql): no revision, no notice; the snapshot is read whole once it is old.
    await db.insert(products).values({
      id: newId(),
      name: 'Written Around',
      pricePaise: 1000,
      category: 'Laptop',
      stock: 1,
    });
    expect(await matching('Around')).toBe(0);
    await expect.poll(() => matching('Around'), { timeout: 3000 }).toBe(1);
  });

  it('holds nothing of a catalog larger than its bound: the database answers, and memory once it fits', async () => {
    const db = t.app.shop.db;
    const size = await countCatalog(db);
    expect(size).toBeGreaterThan(100);
    const sources: string[] = [];
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      quietMs: 0,
      maxProducts: size - 1,
      onAnswer: (source) => sources.push(source),
    });
    expect(await index.warm()).toBe(false);
    const query = productListQuerySchema.parse({ keyword: 'Laptop', page: 2 });
    expect(await index.page(query, baseUrl)).toEqual(await loadProductPage(db, query, baseUrl));
    await index.page(query, baseUrl);
    expect(await index.holdsCatalog()).toBe(false);
    expect(sources).toEqual(['database', 'database']);

    const fits = createCatalogIndex((query) => query(db), { refreshMs: null, quietMs: 0, maxProducts: size });
    expect(await fits.warm()).toBe(true);
    expect(await fits.page(query, baseUrl)).toEqual(await loadProductPage(db, query, baseUrl));
  });

  it('lets its snapshot go when a product added through the api grows the catalog past its bound', async () => {
    const db = t.app.shop.db;
    const size = await countCatalog(db);
    const sources: string[] = [];
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      quietMs: 0,
      maxProducts: size,
      onAnswer: (source) => sources.push(source),
    });
    expect(await index.warm()).toBe(true);
    const added = await addProduct(t.app, { name: 'One Past The Bound' });
    index.invalidate([added.id]);
    const query = productListQuerySchema.parse({ keyword: 'One Past The Bound' });
    expect((await index.page(query, baseUrl)).filteredProductsCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the patch has read it and found no room
    sources.length = 0;
    expect((await index.page(query, baseUrl)).filteredProductsCount).toBe(1);
    expect(await index.holdsCatalog()).toBe(false);
    expect(sources).toEqual(['database']);
    await db.delete(products).where(eq(products.id, added.id));
  });

  it('lets its snapshot go when a full refresh finds the catalog grown past its bound', async () => {
    const db = t.app.shop.db;
    const size = await countCatalog(db);
    const sources: string[] = [];
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      fullRefreshMs: 100,
      quietMs: 0,
      maxProducts: size,
      onAnswer: (source) => sources.push(source),
    });
    expect(await index.warm()).toBe(true);
    // Written around the api (no revision, no notice): the catalog no longer fits.
    await db
      .insert(products)
      .values({ id: newId(), name: 'One Too Many', pricePaise: 1000, category: 'Laptop', stock: 1 });
    const query = productListQuerySchema.parse({ keyword: 'One Too Many' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await index.page(query, baseUrl); // starts the full refresh
    await expect.poll(() => index.holdsCatalog()).toBe(false);
    sources.length = 0;
    expect((await index.page(query, baseUrl)).filteredProductsCount).toBe(1);
    expect(sources).toEqual(['database']);
    await db.delete(products).where(eq(products.name, 'One Too Many'));
  });

  it('answers from the database after a write, and from memory again once writes have paused', async () => {
    const db = t.app.shop.db;
    const index = createCatalogIndex((query) => query(db), {
      refreshMs: null,
      quietMs: 200,
      maxProducts: 100_000,
    });
    const query = productListQuerySchema.parse({ keyword: 'Behind The Back' });
    const matching = async () => (await index.page(query, baseUrl)).filteredProductsCount;
    /** A write the index is not told about: shows whether memory or the database answered. */
    const writeUnseen = () =>
      db.insert(products).values({
        id: newId(),
        name: 'Behind The Back',
        pricePaise: 1000,
        category: 'Laptop',
        stock: 1,
      });
    expect(await index.warm()).toBe(true);
    await writeUnseen();
    expect(await matching()).toBe(0); // memory
    index.invalidate();
    expect(await matching()).toBe(1); // the database: this instance's write shows at once
    await writeUnseen();
    expect(await matching()).toBe(2); // still the database: writes have not paused yet
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await index.holdsCatalog()).toBe(false);
    await index.page(query, baseUrl); // starts the reload
    await expect.poll(() => index.holdsCatalog()).toBe(true);
    await writeUnseen();
    expect(await matching()).toBe(2); // memory again
  });
});
