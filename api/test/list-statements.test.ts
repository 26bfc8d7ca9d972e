import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { compiledStatementCount, executePrepared } from '../src/db/prepared.ts';
import { rowsOf } from '../src/db/rows.ts';
import { frontWalkIsShort } from '../src/catalog/list-page.ts';
import { wrapQueries } from '../src/observability/sql-hook.ts';

// The list's statements are built and compiled once a shape (catalog/list-shape.ts), their values bound
// as placeholders: building and compiling them on every list was a third of the api's CPU a list under load.
// A keyword's page near the front is read in its counts' statement: one round trip a list, not two.
const t = useTestApp({ config: { catalogCacheMs: 0 } });
const baseUrl = 'http://shop.test';

beforeAll(async () => {
  for (let i = 1; i <= 24; i++)
    await addProduct(t.app, {
      name: `${i % 3 ? 'Brass' : 'Copper'} Lantern ${i}`,
      pricePaise: 10_000 * i,
      category: i % 2 ? 'Attire' : 'Tops',
      ratings: i % 5,
    });
});

const list = (raw: Record<string, unknown>) =>
  loadProductPage(t.app.shop.db, productListQuerySchema.parse(raw), baseUrl);

const lanternNamed = (i: number) => `${i % 3 ? 'Brass' : 'Copper'} Lantern ${i}`;

/** What `read` answers, and the statements it sent to the database (their text), in order. */
async function sentBy<T>(read: () => Promise<T>): Promise<{ answer: T; sent: string[] }> {
  const sent: string[] = [];
  const stop = wrapQueries((text, run) => {
    sent.push(text);
    return run();
  });
  try {
    return { answer: await read(), sent };
  } finally {
    stop();
  }
}

const names = (answer: Awaited<ReturnType<typeof list>>) => answer.products.map((product) => product.name);

describe("the product list's statements", () => {
  it('are compiled once a shape, and each list of that shape answers its own values', async () => {
    // One shape: a keyword counted from its words' pairs, a category, a price range over whole bands.
    const before = compiledStatementCount();
    const brass = await list({
      keyword: 'brass',
      category: 'Attire',
      price: { gte: 50, lte: 1050 },
      sort: 'price_asc',
    });
    // Its counts and its page, read in one statement (a keyword's page near the front).
    expect(compiledStatementCount()).toBe(before + 1);
    const copper = await list({
      keyword: 'copper',
      category: 'Tops',
      price: { gte: 250, lte: 2050 },
      sort: 'price_asc',
    });
    const lantern = await list({
      keyword: 'lantern',
      category: 'Attire',
      price: { gte: 1450, lte: 2450 },
      sort: 'price_asc',
    });
    expect(compiledStatementCount()).toBe(before + 1);

    expect(names(brass)).toEqual(['Brass Lantern 1', 'Brass Lantern 5', 'Brass Lantern 7']);
    expect(brass.filteredProductsCount).toBe(3);
    expect(names(copper)).toEqual(['Copper Lantern 6', 'Copper Lantern 12', 'Copper Lantern 18']);
    expect(names(lantern)).toEqual([
      'Copper Lantern 15',
      'Brass Lantern 17',
      'Brass Lantern 19',
      'Copper Lantern 21',
      'Brass Lantern 23',
    ]);
    expect(lantern.filteredProductsCount).toBe(5);
  });

  it('answer another shape with statements of its own', async () => {
    const before = compiledStatementCount();
    const rated = await list({ category: 'Tops', ratings: { gte: 4 }, sort: 'price_desc' });
    expect(compiledStatementCount()).toBe(before + 2);
    expect(names(rated)).toEqual(['Copper Lantern 24', 'Brass Lantern 14', 'Brass Lantern 4']);
  });

  it("read a keyword's page near the front with its counts, and a page past the middle after them", async () => {
    // 24 lanterns, 8 a page: page 1 is read from the front, page 3 (past the middle) from the end.
    const first = await sentBy(() => list({ keyword: 'lantern' }));
    expect(first.sent).toHaveLength(1);
    expect(first.sent[0]).toContain('counted');
    expect(names(first.answer)).toEqual([24, 23, 22, 21, 20, 19, 18, 17].map(lanternNamed));
    expect(first.answer.filteredProductsCount).toBe(24);

    const last = await sentBy(() => list({ keyword: 'lantern', page: 3 }));
    expect(last.sent).toHaveLength(2);
    expect(names(last.answer)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map(lanternNamed));

    // Nothing matching: the counts alone, and an empty page.
    const none = await sentBy(() => list({ keyword: 'lantern', category: 'Camera' }));
    expect(none.sent).toHaveLength(1);
    expect(none.answer).toMatchObject({ products: [], filteredProductsCount: 0 });
  });

  it("judge a walk in a category by the words' rows in that category", async () => {
    // 4,000 more lanterns in Tops, none in the price range below: 8 rows a page over the word's 4,024 rows
    // would be a walk too long for one plan, but Attire holds 12 of them.
    await t.app.shop.db.execute(sql`insert into products (id, name, price_paise, category, stock)
      select substr(md5('spare' || g), 1, 24), 'Lantern spare ' || g, 2000000, 'Tops', 1
      from generate_series(1, 4000) g`);
    const attire = await sentBy(() =>
      list({ keyword: 'lantern', category: 'Attire', price: { gte: 100, lte: 300 } }),
    );
    expect(names(attire.answer)).toEqual([3, 1].map(lanternNamed));
    expect(attire.sent).toHaveLength(1);

    // In Tops the walk passes 4,012 rows for one match: its page is planned for its values, on its own.
    const tops = await sentBy(() =>
      list({ keyword: 'lantern', category: 'Tops', price: { gte: 100, lte: 300 } }),
    );
    expect(names(tops.answer)).toEqual([2].map(lanternNamed));
    expect(tops.sent).toHaveLength(2);
  });

  it('judge a walk for a keyword most of a large catalog holds without overflowing', async () => {
    // A keyword of a letter held by 1,300,000 products: 3,000 x that count overflowed a 32-bit integer, and
    // the list answered 500 for "e" at a million products.
    const judged = async (wordRows: number | null) =>
      rowsOf<{ short: boolean | null }>(
        await executePrepared(
          t.app.shop.db,
          'walk judged',
          { wordRows },
          () => sql`select ${frontWalkIsShort(sql`${1_300_000}::int`, sql`${wordRows}::float8`)} as short`,
          { reach: 8 },
        ),
      )[0]!.short;
    expect(await judged(null)).toBeNull();
    expect(await judged(1_400_000)).toBe(true);
    expect(await judged(1e12)).toBe(false);
  });
});
