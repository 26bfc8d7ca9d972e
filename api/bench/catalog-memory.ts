// The in-memory catalog index's cost: `node --expose-gc api/bench/catalog-memory.ts [products]`.
// Loads the seeded catalog plus N bench products (default 10,000) into an in-memory PGlite, then prints
// how long one snapshot load takes, the heap it keeps, and the time of one random-filter page from it.
import type { PGlite } from '@electric-sql/pglite';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { openDatabase } from '../src/db/client.ts';
import { loadCatalogSnapshot, pageOfSnapshot } from '../src/catalog/catalog-index.ts';

const count = Number(process.argv[2] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const database = await openDatabase({ pgliteDir: 'memory' });
const client = (database.db as unknown as { $client: PGlite }).$client;
await client.exec(`
  insert into products (id, name, price_paise, description, category, stock, images, ratings, created_at)
  select substr(md5('bench' || g), 1, 24), 'Bench Product ' || g, 10000 + (g * 7919) % 2490000,
    'A bench product for measuring the catalog under load.', (array['Laptop','Camera','Tops'])[1 + g % 3],
    g % 50, '[{"url":"/uploads/products/x.png"}]'::jsonb, (g % 501) / 100.0, now() - make_interval(mins => g)
  from generate_series(1, ${count}) g`);

gc();
const before = process.memoryUsage().heapUsed;
let started = performance.now();
const snapshot = await loadCatalogSnapshot(database.db);
const loadMs = performance.now() - started;
gc();
const kept = process.memoryUsage().heapUsed - before;

const query = productListQuerySchema.parse({
  keyword: 'product 12',
  price: { gte: 100, lte: 20000 },
  page: 2,
});
const rounds = 2000;
started = performance.now();
for (let i = 0; i < rounds; i++) pageOfSnapshot(snapshot, query, 'http://localhost');
const pageUs = ((performance.now() - started) / rounds) * 1000;

console.table({
  products: { value: snapshot.all.products.length },
  'snapshot load ms': { value: Math.round(loadMs) },
  'heap kept MB': { value: (kept / 1024 / 1024).toFixed(1) },
  'one page from memory µs': { value: Math.round(pageUs) },
});
await database.close();
