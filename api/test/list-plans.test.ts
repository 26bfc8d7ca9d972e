import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { connectInThread, type DbOrTx } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

// The list's statements are prepared once per connection, and PostgreSQL keeps one plan for any values
// (db/prepared.ts). That plan must hold for a real catalog's dictionary: names with model numbers and
// brands hold many thousands of distinct words, a few products each to the planner, where the bench's
// names hold a hundred. With 20,000 such words at a million products, the one plan walked the whole
// dictionary to find a keyword's words and read a word's whole price range to sort it, and the bench's
// lists fell from 2,150 to 174 a second (docs/performance.md).
const t = useTestApp({ config: { catalogCacheMs: 0 } });

/** A plan node of `explain (format json)`, as far as these checks read it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The plan PostgreSQL keeps for any values of each prepared statement on `db`'s one connection whose text
 * holds `holding`: each prepared again under a name of ours and explained with no values, generic plans
 * forced, as a connection plans it once it stops planning for values.
 */
async function genericPlans(db: DbOrTx, holding: string): Promise<PlanNode[]> {
  const prepared = rowsOf<{ statement: string; types: string[] }>(
    await db.execute(sql`select statement, array(select t::text from unnest(parameter_types) t) as types
      from pg_prepared_statements where statement like ${`%${holding}%`} and name <> 'probe'`),
  );
  await db.execute(sql`set plan_cache_mode = force_generic_plan`);
  const plans: PlanNode[] = [];
  for (const { statement, types } of prepared) {
    await db.execute(sql.raw(`prepare probe(${types.join(', ')}) as ${statement}`));
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      await db.execute(sql.raw(`explain (format json) execute probe(${types.map(() => 'null').join(', ')})`)),
    );
    plans.push(row!['QUERY PLAN'][0].Plan);
    await db.execute(sql`deallocate probe`);
  }
  await db.execute(sql`reset plan_cache_mode`);
  return plans;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  for (let i = 1; i <= 40; i++)
    await addProduct(t.app, {
      name: `Brass Lantern ${i}`,
      pricePaise: 10_000 * i,
      category: i % 2 ? 'Attire' : 'Tops',
    });
  // 3,000 products with a word each of their own (a model number with letters in it), then the statistics
  // and visibility autovacuum would gather. The planner is told the words hold ~600 rows each, as a million
  // products' do (150-30,000), which these few thousand rows cannot show it: with no more than that, the
  // plan kept for a page read a word's price range from the price index and sorted it (1,405 rows for a
  // page of 24 at a million products).
  await t.app.shop.db.execute(sql`insert into products (id, name, price_paise, category, stock)
    select substr(md5('model' || g), 1, 24), 'Gadget m' || g || 'x', 100 * g, 'Camera', 1
    from generate_series(1, 3000) g`);
  await t.app.shop.db.execute(sql`alter table product_words alter column word set (n_distinct = 10)`);
  await t.app.shop.db.execute(sql`vacuum analyze`);
});

describe.skipIf(!process.env.DATABASE_URL)(
  "the product list's one plan, with a dictionary of many words",
  () => {
    it("finds a keyword's words through the trigram index and walks a word's rows in the list's order", async () => {
      const { db, close } = await connectInThread({ url: t.databaseUrl! }, 1);
      try {
        for (const raw of [
          { keyword: 'lantern', category: 'Attire', price: { gte: 50, lte: 350 } },
          { keyword: 'lantern', price: { gte: 50 } },
          { keyword: 'lantern', category: 'Tops', sort: 'price_desc' },
          // Past the middle: read from the end, on its own.
          { keyword: 'lantern', page: 4 },
          // Too short for a trigram: found among the words' pieces (only "brass" holds it).
          { keyword: 'ss', category: 'Tops' },
        ]) {
          const query = productListQuerySchema.parse(raw);
          const answer = await loadProductPage(db, query, 'http://shop.test');
          expect(answer.filteredProductsCount, JSON.stringify(raw)).toBeGreaterThan(0);
          expect(answer).toEqual(await loadProductPage(t.app.shop.db, query, 'http://shop.test'));
        }
        const plans = await genericPlans(db, 'product_words');
        expect(plans.length).toBeGreaterThanOrEqual(5);
        for (const node of plans.flatMap(nodesOf)) {
          // The dictionary is never read in order, or whole, to find the words holding the keyword: that reads
          // every word when few hold it. They come from its trigram or pieces' index.
          if (node['Relation Name'] === 'catalog_words')
            expect(`${node['Node Type']} ${node['Index Name']}: ${node.Filter}`).not.toMatch(/~~|@>/);
          // A word's rows are read in the list's order, never gathered by price and sorted.
          if (node['Node Type'] === 'Sort')
            for (const child of node.Plans ?? [])
              expect(`${child['Node Type']} on ${child['Relation Name']}`).not.toMatch(
                /Scan on product_words$/,
              );
        }
      } finally {
        await close();
      }
    });
  },
);
