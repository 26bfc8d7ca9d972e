import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { rowsOf } from '../src/db/rows.ts';
import { upkeepEmbeddedTables } from '../src/db/embedded-upkeep.ts';

// PGlite runs no autovacuum: the api vacuums the tables the list reads index-only itself (db/embedded-upkeep.ts).
const t = useTestApp();

/**
 * How many rows an index-only count of a word's rows in a price range had to read from the table (read
 * through the index whatever the statistics say, as the list's plans read it at scale).
 */
async function heapFetches(): Promise<number> {
  const plan = await t.app.shop.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const rows = rowsOf<{ 'QUERY PLAN': string }>(
      await tx.execute(sql`explain (analyze, timing off) select count(*) from product_words
        where word = 'lantern' and price_paise between 0 and 100000000`),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('Index Only Scan');
  return Number(/Heap Fetches: (\d+)/.exec(plan)![1]);
}

describe.skipIf(process.env.DATABASE_URL)('the embedded database, which autovacuum never visits', () => {
  it('has the tables the list reads vacuumed and analyzed once 1% of their rows changed, and only then', async () => {
    const db = t.app.shop.db;
    await db.execute(sql`insert into products (id, name, price_paise, category, stock)
      select substr(md5('upkeep' || g), 1, 24), 'Brass Lantern ' || g, 100 * g, 'Tops', 1
      from generate_series(1, 2000) g`);
    // Nothing has marked the new pages all-visible: each row the count reads is read from the table too.
    expect(await heapFetches()).toBe(2000);

    const visited = await upkeepEmbeddedTables(db);
    expect(visited).toEqual(expect.arrayContaining(['products', 'product_words', 'catalog_price_bands']));
    expect(await heapFetches()).toBe(0);
    const analyzed = rowsOf<{ table: string }>(
      await db.execute(sql`select relname as table from pg_stat_user_tables
        where relname in ('products', 'product_words') and last_analyze is not null`),
    );
    expect(analyzed).toHaveLength(2);

    // Nothing changed since: nothing to visit. One product more is under 1% of the table.
    expect(await upkeepEmbeddedTables(db)).toEqual([]);
    await db.execute(sql`update products set price_paise = price_paise + 1
      where id = (select id from products order by id limit 1)`);
    expect(await upkeepEmbeddedTables(db)).toEqual([]);
  });

  it('analyzes a table with fewer rows added than a vacuum waits for, without vacuuming it', async () => {
    const db = t.app.shop.db;
    const visits = async () =>
      rowsOf<{ vacuums: number; analyzes: number }>(
        await db.execute(sql`select (vacuum_count + autovacuum_count)::int as vacuums,
          (analyze_count + autoanalyze_count)::int as analyzes
          from pg_stat_user_tables where relname = 'products'`),
      )[0]!;
    await upkeepEmbeddedTables(db);
    const before = await visits();
    // 300 rows added: past analyze's 50 rows and 2%, short of the 1,000 an insert-driven vacuum waits for.
    await db.execute(sql`insert into products (id, name, price_paise, category, stock)
      select substr(md5('analyzed' || g), 1, 24), 'Copper Kettle ' || g, 100 * g, 'Tops', 1
      from generate_series(1, 300) g`);
    expect(await upkeepEmbeddedTables(db)).toContain('products');
    await db.execute(sql`select pg_stat_force_next_flush()`);
    expect(await visits()).toEqual({ vacuums: before.vacuums, analyzes: before.analyzes + 1 });
  });
});
