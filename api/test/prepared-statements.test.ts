import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { connectInThread } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

// The list's two statements (its counts, its page) are prepared once per connection on PostgreSQL
// (db/prepared.ts): parsing and planning them on every list was a third of the database's time per
// statement. A statement per page or price would instead grow every connection's memory without end.
const t = useTestApp({ config: { catalogCacheMs: 0 } });

beforeAll(async () => {
  for (let i = 1; i <= 30; i++)
    await addProduct(t.app, {
      name: i % 2 ? `Brass Lantern ${i}` : `Lantern Brass Hook ${i}`,
      pricePaise: 10_000 * i,
      category: 'Attire',
    });
});

describe.skipIf(!process.env.DATABASE_URL)("the product list's statements on PostgreSQL", () => {
  it('are prepared once a shape: other pages, prices and keywords reuse them and answer the same', async () => {
    // One connection, so that the statements it prepared are the ones this session can see.
    const { db, close } = await connectInThread({ url: t.databaseUrl! }, 1);
    try {
      for (const keyword of ['lantern', 'brass', 'hook'])
        for (const low of [0, 500, 1_000])
          for (const page of [1, 2]) {
            const query = productListQuerySchema.parse({ keyword, page, price: { gte: low } });
            // The connection reusing its statements answers as the api's pool does.
            const reused = await loadProductPage(db, query, 'http://shop.test');
            const fromPool = await loadProductPage(t.app.shop.db, query, 'http://shop.test');
            expect(reused).toEqual(fromPool);
          }
      const statements = rowsOf<{ statement: string }>(
        await db.execute(
          sql`select statement from pg_prepared_statements where statement like '%product_words%'`,
        ),
      );
      // Whatever the keyword, price or page: the count over the names' words with the page walked from them
      // in the list's order (one statement), and a page past the middle of the matching set read from its end.
      expect(
        statements
          .map(({ statement }) =>
            [
              statement.includes('count(') ? 'count' : '',
              /order by product_words\.\w+ (asc|desc)/.exec(statement)![0],
            ]
              .filter(Boolean)
              .join(' and '),
          )
          .sort(),
      ).toEqual([
        'count and order by product_words.created_at desc',
        'order by product_words.created_at asc',
      ]);
    } finally {
      await close();
    }
  });

  it('keeps one plan for a page read from the words when its walk is short, else plans it for the values', async () => {
    const { db, close } = await connectInThread({ url: t.databaseUrl! }, 1);
    // A page near the front is read in its counts' statement; one planned for its values, on its own.
    const pageStatements = async () =>
      rowsOf<{ statement: string; generic_plans: number; custom_plans: number }>(
        await db.execute(sql`select statement, generic_plans, custom_plans from pg_prepared_statements
          where statement like '%as held(word)%' order by statement like '%counted%' desc`),
      );
    try {
      // Planned for its values, PostgreSQL planned the page again on every call (list-page.ts).
      for (const low of [0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
        await loadProductPage(
          db,
          productListQuerySchema.parse({ keyword: 'lantern', price: { gte: low } }),
          'http://shop.test',
        );
      const [planned] = await pageStatements();
      expect(Number(planned!.generic_plans)).toBeGreaterThan(0);
      expect(Number(planned!.custom_plans)).toBeLessThanOrEqual(5);
      // A common word in a narrow price range: its walk passes PLANNED_ONCE_WALK, so the planner sees the values.
      await db.execute(sql`insert into products (id, name, price_paise, category, stock)
        select substr(md5('spare' || g), 1, 24), 'Lantern spare ' || g, 100, 'Tops', 1
        from generate_series(1, 400) g`);
      const query = productListQuerySchema.parse({ keyword: 'lantern', price: { gte: 2_900, lte: 2_900 } });
      const narrow = await loadProductPage(db, query, 'http://shop.test');
      expect(narrow.products.map((product) => product.name)).toEqual(['Brass Lantern 29']);
      expect(narrow.filteredProductsCount).toBe(1);
      const shown = (await pageStatements()).filter(({ statement }) => !statement.includes('(select $'));
      expect(shown).toHaveLength(1);
      expect(shown[0]!.statement).not.toContain('counted');
    } finally {
      await close();
    }
  });
});
