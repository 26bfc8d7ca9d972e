import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { listProducts, productNames } from './helpers/shop.ts';
import { loadInBulk } from '../bench/bulk-load.ts';
import { rowsOf } from '../src/db/rows.ts';
import type { DbOrTx } from '../src/db/client.ts';

// The bench's bulk load (api/bench/bulk-load.ts): the indexes it drops come back the same, the triggers
// still keep the names' words, and a failed insert leaves the database as it was.
const t = useTestApp({ config: { catalogCacheMs: 0 } });
const TABLES = ['products', 'product_words'];

const insertLanterns = (count: number, pricePaise: string) => `
  insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
  select substr(md5('lantern' || g), 1, 24), 'Brass Lantern ' || g, ${pricePaise}, 'Loaded in bulk',
    'Attire', 5, '[]'::jsonb, (g % 5), timestamptz '2026-01-01' + make_interval(secs => g)
  from generate_series(1, ${count}) g`;

async function indexesOf(db: DbOrTx) {
  return rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition from pg_index
      where indrelid in ('products'::regclass, 'product_words'::regclass) order by 1`),
  );
}

const loadLanterns = (count: number, pricePaise: string) =>
  t.app.shop.db.transaction((tx) =>
    loadInBulk(
      async (statement) => rowsOf(await tx.execute(sql.raw(statement))),
      TABLES,
      insertLanterns(count, pricePaise),
    ),
  );

describe('a bulk load of products', () => {
  it('builds again every index it dropped, and the keyword finds the loaded products by their words', async () => {
    const before = await indexesOf(t.app.shop.db);
    const rebuilt = await loadLanterns(300, '10000 + g * 100');

    // The secondary indexes of both tables (the trigram one among them), not the primary keys.
    expect(rebuilt).toContain('products_name_trgm_idx');
    expect(rebuilt).toContain('product_words_order_idx');
    expect(rebuilt).not.toContain('products_pkey');
    expect(await indexesOf(t.app.shop.db)).toEqual(before);

    const lanterns = await listProducts(t.app, '?keyword=lantern&sort=price_desc');
    expect(lanterns.body.filteredProductsCount).toBe(300);
    expect(productNames(lanterns.body).slice(0, 2)).toEqual(['Brass Lantern 300', 'Brass Lantern 299']);
    const [words] = rowsOf<{ n: number }>(
      await t.app.shop.db.execute(sql`select count(*)::int as n from product_words where word = 'lantern'`),
    );
    expect(words!.n).toBe(300);
  });

  it('leaves the products and every index as they were when the insert fails', async () => {
    const before = await indexesOf(t.app.shop.db);
    const [{ n: productsBefore }] = rowsOf<{ n: number }>(
      await t.app.shop.db.execute(sql`select count(*)::int as n from products`),
    ) as [{ n: number }];
    // The last row breaks the price check: the whole load rolls back, the dropped indexes with it.
    await expect(loadLanterns(50, 'case when g = 50 then -1 else 10000 end')).rejects.toThrow();
    expect(await indexesOf(t.app.shop.db)).toEqual(before);
    const [{ n: productsAfter }] = rowsOf<{ n: number }>(
      await t.app.shop.db.execute(sql`select count(*)::int as n from products`),
    ) as [{ n: number }];
    expect(productsAfter).toBe(productsBefore);
  });

  it('refuses a table name it would have to quote', async () => {
    await expect(loadInBulk(async () => [], ['products; drop table users'], 'select 1')).rejects.toThrow(
      'not a table name',
    );
  });
});
