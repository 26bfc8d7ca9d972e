import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productListQuerySchema, PRODUCT_SORTS } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { longestTimerGap, mostGapWhileWorkRunsElsewhere } from './helpers/event-loop.ts';
import type { CatalogIndex } from '../src/catalog/catalog-index.ts';
import type { CatalogPage } from '../src/catalog/catalog-snapshot.ts';
import {
  MEMORY_ANSWER_WAIT_MS,
  MOST_WAITING,
  openCatalogThread,
} from '../src/catalog/catalog-thread/catalog-thread.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { countCatalog } from '../src/catalog/list-counts.ts';

const baseUrl = 'http://shop.test';
const timings = { refreshMs: 2000, fullRefreshMs: null, quietMs: 1000, maxProducts: 100_000 };
/** What the database answers in these tests: a page no snapshot could hold. */
const FROM_DATABASE: CatalogPage = { products: [], productsCount: -1, filteredProductsCount: -1 };

describe('the catalog index thread, when it cannot answer', () => {
  const opened: CatalogIndex[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((index) => index.close()));
  });

  /** A thread running `fixture` in place of the index, with a database that answers FROM_DATABASE. */
  function threadOf(fixture: string) {
    const warnings: string[] = [];
    const sources: string[] = [];
    const index = openCatalogThread(
      { database: () => ({ url: 'postgres://nowhere.invalid/shop' }), ...timings },
      {
        read: async <T>() => FROM_DATABASE as T,
        onAnswer: (source) => sources.push(source),
        log: {
          warn: (fields: object, message: string) => warnings.push(`${message} ${JSON.stringify(fields)}`),
          info: () => {},
        },
        program: new URL(`./fixtures/${fixture}`, import.meta.url),
      },
    );
    opened.push(index);
    return { index, warnings, sources };
  }
  const query = productListQuerySchema.parse({ keyword: 'laptop', page: 2 });

  it('lists from the database without asking while the thread holds no catalog', async () => {
    const { index, sources } = threadOf('catalog-thread-empty.ts');
    const started = performance.now();
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(performance.now() - started).toBeLessThan(MEMORY_ANSWER_WAIT_MS / 4);
    expect(sources).toEqual(['database']);
  });

  it('lists from the database when the thread does not answer in time', async () => {
    const { index, sources } = threadOf('catalog-thread-silent.ts');
    await new Promise((resolve) => setTimeout(resolve, 500)); // it starts, and says it holds the catalog
    const started = performance.now();
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(MEMORY_ANSWER_WAIT_MS - 1);
    expect(sources).toEqual(['database']);
    expect(await index.suggest('lap', baseUrl)).toBe(FROM_DATABASE);
    // With as many lists waiting as it may have, the next is the database's at once: no queue behind.
    const waiting = Array.from({ length: MOST_WAITING }, () => index.page(query, baseUrl));
    const next = performance.now();
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(performance.now() - next).toBeLessThan(MEMORY_ANSWER_WAIT_MS / 2);
    expect(await Promise.all(waiting)).toEqual(waiting.map(() => FROM_DATABASE));
  });

  it('lists from the database when the thread fails a question, and says why once', async () => {
    const { index, warnings, sources } = threadOf('catalog-thread-failing.ts');
    await new Promise((resolve) => setTimeout(resolve, 500)); // it starts, and says it holds the catalog
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(await index.suggest('lap', baseUrl)).toBe(FROM_DATABASE);
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(sources).toEqual(['database', 'database']);
    expect(warnings).toEqual([
      'the catalog index thread failed a question: the database answers it {"reason":"no shelf for this order"}',
    ]);
  });

  it('lists from the database when the thread fails at start, and says why once', async () => {
    const { index, warnings } = threadOf('catalog-thread-broken.ts');
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toContain('the catalog index could not start');
    expect(await index.page(query, baseUrl)).toBe(FROM_DATABASE);
    expect(await index.holdsCatalog()).toBe(false);
    expect(await index.warm()).toBe(false);
    index.invalidate(['a'.repeat(24)]); // nothing to send to: no throw
    expect(warnings).toHaveLength(1);
  });
});

describe.each([
  { on: 'PostgreSQL', skip: !process.env.DATABASE_URL, options: {}, longestHoldMs: 50 },
  // The default: PGlite in its own thread, which the index's thread reaches through a port of its own.
  // With the index in the api's thread the load held it 377-446 ms; in its own, 13-32 ms in most runs and
  // up to 74 in 3 of 15: the database's thread, the index's and V8's helpers then share two cores with
  // the api's thread, all in one process.
  { on: 'the embedded database on disk', skip: false, options: { embeddedOnDisk: true }, longestHoldMs: 150 },
])('the catalog index thread on $on', ({ skip, options, longestHoldMs }) => {
  if (skip) return void it.skip('needs DATABASE_URL');
  const t = useTestApp(options);

  it("loads a large catalog without holding the api's thread, then lists from memory as the database does", async () => {
    const index = t.app.shop.catalogIndex!;
    await t.app.shop.db.execute(sql`
      insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
      select substr(md5('thread' || g), 1, 24), 'Thread Product ' || g, 10000 + (g * 7919) % 2490000,
        'A product of a large catalog.', (array['Laptop','Camera','Tops'])[1 + g % 3], g % 50,
        '[{"url":"/uploads/products/x.png"}]'::jsonb, (g % 501) / 100.0, now() - make_interval(mins => g)
      from generate_series(1, 60000) g`);
    t.app.shop.catalogCache.invalidate(); // names nothing: the thread loads the whole catalog again
    const { result: held, workMs, longestGapMs } = await longestTimerGap(() => index.warm());
    expect(held).toBe(true);
    // Long enough to show a stall: in the api's thread the same load held the timers for most of it.
    expect(workMs).toBeGreaterThan(150);
    // 64 ms once on PostgreSQL in CI, with the bound 50: hence the quarter of the load as well.
    console.log(
      `catalog load ${Math.round(workMs)} ms, the timers' longest gap ${Math.round(longestGapMs)} ms`,
    );
    expect(longestGapMs).toBeLessThan(mostGapWhileWorkRunsElsewhere(workMs, longestHoldMs));
    for (const sort of PRODUCT_SORTS) {
      const sorted = productListQuerySchema.parse({ sort, keyword: 'product 12', page: 3 });
      expect(await index.page(sorted, baseUrl)).toEqual(
        await loadProductPage(t.app.shop.db, sorted, baseUrl),
      );
    }
    expect(await index.holdsCatalog()).toBe(true);
    // A change naming nothing drops it; the lists after it, answered by the database, bring it back.
    t.app.shop.catalogCache.invalidate();
    const list = productListQuerySchema.parse({ keyword: 'product 7' });
    await expect
      .poll(async () => (await index.page(list, baseUrl), await index.holdsCatalog()), {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
  });

  it('answers a list and a product page asked right after a change naming products from memory, once the patch is in', async () => {
    // A thread of this test's own over the same database, whose database answers are counted.
    const sources: string[] = [];
    const index = openCatalogThread(
      { database: t.app.shop.database.threadLink!, ...timings },
      {
        read: (query) => (sources.push('database'), query(t.app.shop.db)),
        onAnswer: (source) => sources.push(source),
        log: { warn: () => {}, info: () => {} },
      },
    );
    try {
      const product = await addProduct(t.app, { name: 'Patched Lamp', pricePaise: 150_000 });
      expect(await index.warm()).toBe(true);
      await expect.poll(() => index.holdsCatalog()).toBe(true);
      const lamps = productListQuerySchema.parse({ keyword: 'patched lamp' });
      expect((await index.page(lamps, baseUrl)).products.map((p) => p.price)).toEqual([1500]);
      for (const rupees of [1750, 1990, 2100]) {
        await t.app.shop.db.execute(
          sql`update products set price_paise = ${rupees * 100} where id = ${product.id}`,
        );
        sources.length = 0;
        index.invalidate([product.id]);
        // Asked at once: the thread sets its catalog aside, patches the lamp in, then answers (its product
        // page too: `read` would have put 'database' in `sources`).
        expect((await index.product(product.id, baseUrl))?.price).toBe(rupees);
        const page = await index.page(lamps, baseUrl);
        expect(page.products.map((p) => p.price)).toEqual([rupees]);
        expect(sources).toEqual(['memory']);
      }
    } finally {
      await index.close();
    }
  });

  it('ends its thread while the catalog has more products than it holds, and starts one once it fits again', async () => {
    const logged: string[] = [];
    const sources: string[] = [];
    const db = t.app.shop.db;
    const index = openCatalogThread(
      { database: t.app.shop.database.threadLink!, ...timings, maxProducts: (await countCatalog(db)) + 1 },
      {
        read: (query) => query(db),
        onAnswer: (source) => sources.push(source),
        log: { warn: (_, message) => logged.push(message), info: (_, message) => logged.push(message) },
      },
    );
    try {
      expect(await index.warm()).toBe(true);
      const added = [
        await addProduct(t.app, { name: 'Outgrowing Kettle', pricePaise: 90_000 }),
        await addProduct(t.app, { name: 'Outgrowing Kettle Lid', pricePaise: 9_000 }),
      ].map((product) => product.id);
      // The thread patches them in, finds one product too many, and is ended: no failure, one line.
      index.invalidate(added);
      const ended = 'the catalog has more products than its index holds: the thread ends, the database lists';
      await expect.poll(() => logged).toEqual([ended]);
      const kettles = productListQuerySchema.parse({ keyword: 'outgrowing kettle' });
      sources.length = 0;
      const started = performance.now();
      expect(await index.page(kettles, baseUrl)).toEqual(await loadProductPage(db, kettles, baseUrl));
      expect(performance.now() - started).toBeLessThan(MEMORY_ANSWER_WAIT_MS);
      expect(sources).toEqual(['database']);
      expect(await index.holdsCatalog()).toBe(false);

      // Within the bound again: a list counts the catalog (every few seconds), a new thread loads it.
      await db.execute(sql`delete from products where id in (${sql.join(added, sql`, `)})`);
      index.invalidate(added);
      await expect
        .poll(async () => (await index.page(kettles, baseUrl), await index.holdsCatalog()), {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(true);
      sources.length = 0;
      expect((await index.page(kettles, baseUrl)).filteredProductsCount).toBe(0);
      expect(sources).toEqual(['memory']);
      expect(logged).toEqual([ended]);
    } finally {
      await index.close();
    }
  });
});
