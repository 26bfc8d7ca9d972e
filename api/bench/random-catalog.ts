// The catalog the api bench measures (run.ts): bench products seeded into the database in one statement,
// the product list queries a shopper could send, and the database's plan of that query.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { loadInBulk } from './bulk-load.ts';

const CATEGORIES = ['Laptop', 'Footwear', 'Bottom', 'Tops', 'Attire', 'Camera', 'SmartPhones'];
const NOUNS = [
  'Laptop',
  'Phone',
  'Camera',
  'Shirt',
  'Jeans',
  'Sneakers',
  'Watch',
  'Headphones',
  'Bag',
  'Jacket',
];
const ADJECTIVES = [
  'Classic',
  'Pro',
  'Ultra',
  'Compact',
  'Premium',
  'Slim',
  'Rugged',
  'Wireless',
  'Cotton',
  'Smart',
];

/**
 * Bench products in one statement: names from the words above, prices 100 to 25,000 rupees; one name in 50
 * ends with a model word of its own ("m4250x"), so that the dictionary holds as many distinct words as a
 * real catalog's (20,000 more at a million): with the hundred words above alone, the list's plans were
 * never tried against one, and missed twice (docs/performance.md, forty-fifth session). `g` is a bigint:
 * as an integer, `g * 7919` overflowed past 271,189 products ("integer out of range").
 */
const seedSql = (count: number) => `
  insert into products (id, name, price_paise, description, category, stock, images, ratings, num_of_reviews, created_at)
  select substr(md5('bench' || g), 1, 24),
    (array['${ADJECTIVES.join("','")}'])[1 + g % ${ADJECTIVES.length}] || ' ' ||
      (array['${NOUNS.join("','")}'])[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || g
      || case when g % 50 = 0 then ' m' || g || 'x' else '' end,
    10000 + (g * 7919) % 2490000,
    'A bench product for measuring the catalog under load.',
    (array['${CATEGORIES.join("','")}'])[1 + g % ${CATEGORIES.length}],
    g % 50, '[]'::jsonb, (g % 501) / 100.0, 0, now() - make_interval(mins => g::int)
  from generate_series(1::bigint, ${count}::bigint) g`;

/** The tables whose indexes the bench's seed builds after the rows: the products and their names' words. */
const BULK_TABLES = ['products', 'product_words'];

/** Adds `count` bench products to a PGlite directory no server has open, in one transaction. */
export const insertBenchProductsPglite = (db: PGlite, count: number) =>
  db.transaction((tx) =>
    loadInBulk(
      async (statement) => (await tx.query<Record<string, unknown>>(statement)).rows,
      BULK_TABLES,
      seedSql(count),
    ),
  );

/** Adds `count` bench products to a PostgreSQL database no server is using, in one transaction. */
export const insertBenchProductsPostgres = (client: postgres.Sql, count: number) =>
  client.begin((tx) => loadInBulk((statement) => tx.unsafe(statement), BULK_TABLES, seedSql(count)));

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** A word of the bench names, or (one in five) a keyword that matches nothing. */
const randomKeyword = () =>
  Math.random() < 0.2 ? `nothing${Math.floor(Math.random() * 1e6)}` : pick([...NOUNS, ...ADJECTIVES]);

/** A product list query a shopper could send: keyword (one in five matches nothing), filters, page. */
export function randomListUrl(): string {
  const low = Math.floor(Math.random() * 200) * 100;
  const keyword = randomKeyword();
  const params = new URLSearchParams({
    keyword,
    page: String(1 + Math.floor(Math.random() * 5)),
    'price[gte]': String(low),
    'price[lte]': String(low + 1000 + Math.floor(Math.random() * 10) * 1000),
    'ratings[gte]': String(Math.floor(Math.random() * 4)),
  });
  if (Math.random() < 0.8) params.set('category', pick(CATEGORIES));
  return `/api/v1/products?${params}`;
}

/**
 * A search as a shopper sends it from the search box: a keyword alone (one in five matches nothing), one in
 * three within a category, the first or second page; no price or rating filter.
 */
export function randomSearchUrl(): string {
  const params = new URLSearchParams({
    keyword: randomKeyword(),
    page: String(1 + Math.floor(Math.random() * 2)),
  });
  if (Math.random() < 1 / 3) params.set('category', pick(CATEGORIES));
  return `/api/v1/products?${params}`;
}

/**
 * What a shopper has typed in the search box so far: a word of the bench names cut short, one in three
 * with a letter dropped ("lptop"), half the time followed by the start of a product number ("pro lap 12"),
 * so that most requests miss the answer cache and are worked out.
 */
export function randomSuggestUrl(): string {
  const word = pick([...NOUNS, ...ADJECTIVES]).toLowerCase();
  let typed = word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)));
  if (Math.random() < 1 / 3 && typed.length > 3) {
    const at = 1 + Math.floor(Math.random() * (typed.length - 1));
    typed = typed.slice(0, at) + typed.slice(at + 1);
  }
  if (Math.random() < 0.5)
    typed += ` ${Math.floor(Math.random() * 10_000)}`.slice(0, 2 + Math.floor(Math.random() * 4));
  return `/api/v1/products/suggest?q=${encodeURIComponent(typed)}`;
}

/**
 * A read whose cost grows with the catalog (api/src/catalog/broad-reads.ts): half the time a list of one
 * letter in a random price range (a cache miss), else what a shopper has typed in the search box.
 */
export function randomBroadUrl(): string {
  if (Math.random() < 0.5) return randomSuggestUrl();
  const low = Math.floor(Math.random() * 200) * 100;
  const params = new URLSearchParams({
    keyword: pick([...'aeiourstnlc']),
    'price[gte]': String(low),
    'price[lte]': String(low + 1000 + Math.floor(Math.random() * 20_000)),
  });
  return `/api/v1/products?${params}`;
}

/** The list endpoint's SQL shape (api/src/catalog/product-page.ts) for one random filter, to EXPLAIN. */
function explainSql(): string[] {
  const filter = `name ilike '%pro%' and category = 'Camera' and price_paise >= 200000 and price_paise <= 900000 and ratings >= 2`;
  return [
    `explain (analyze, costs off) select count(*)::int from products`,
    `explain (analyze, costs off) select count(*)::int from products where ${filter}`,
    `explain (analyze, costs off) select id from products where ${filter} order by created_at desc, id desc limit 8 offset 16`,
  ];
}

/** Adds the bench products and prints the plans, with no server holding the database. */
export async function seedCatalog(
  count: number,
  database: 'pglite' | 'postgres',
  dataDir: string,
  databaseUrl?: string,
) {
  const plans: string[] = [];
  if (database === 'pglite') {
    // The name's trigram index (migration 0014) needs the extension loaded to take the inserted rows.
    const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      await insertBenchProductsPglite(db, count);
      await db.exec('analyze products');
      for (const statement of explainSql()) {
        const result = await db.query<Record<string, string>>(statement);
        plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
    } finally {
      await db.close();
    }
  } else {
    const sqlClient = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      await insertBenchProductsPostgres(sqlClient, count);
      // BENCH_TRY_TRGM=1: an experiment, not the api's schema: a trigram index for the keyword's ILIKE
      // (PostgreSQL only; PGlite would need the extension loaded by the server too).
      if (process.env.BENCH_TRY_TRGM) {
        await sqlClient.unsafe('create extension if not exists pg_trgm');
        await sqlClient.unsafe(
          'create index bench_products_name_trgm on products using gin (name gin_trgm_ops)',
        );
      }
      await sqlClient.unsafe('analyze products');
      for (const statement of explainSql()) {
        const rows = await sqlClient.unsafe(statement);
        plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
      }
    } finally {
      await sqlClient.end();
    }
  }
  console.log(`\n${database}: ${count} bench products added; plans of the list's three queries:`);
  for (const plan of plans) console.log(`${plan}\n`);
}
