// API throughput and latency: `node api/bench/run.ts [--json out.json] [--duration 5]`.
// Starts the real server (node api/src/server.ts) on a free port with a fresh DATA_DIR on PGlite, and also
// on PostgreSQL when BENCH_DATABASE_URL is set (in a throwaway database, dropped afterwards), then runs
// autocannon at 50 connections against the bare health route and three catalog routes; then, with
// CATALOG_PRODUCTS (default 10,000) bench products added to the catalog, a product list with a random
// keyword, category, price range, rating and page on every request (what a real catalog sees: mostly cache
// misses), with the database's plan of that query printed (EXPLAIN ANALYZE) to show where the time goes:
// once answered from the catalog's in-memory index (the default) and once by the database's query
// (CATALOG_CACHE_MS=0), and the first list's time after a cold start (answered by the database while the index loads).
// BENCH_API_ROUTES=random measures only the random list; BENCH_CPU_PROF=dir profiles the servers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import postgres from 'postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '..', 'src', 'server.ts');

function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const jsonOut = argument('json');
const duration = Number(argument('duration') ?? 10);
const connections = Number(argument('connections') ?? 50);
const catalogProducts = Number(process.env.CATALOG_PRODUCTS ?? 10_000);

/** Issue 12's goal for the random product list on a 2-core machine. */
const RANDOM_LIST_GOAL = { requestsPerSecond: 2000, p99Ms: 50 };
/** Issue 12's figures measured on main before it, printed next to the cached routes'. */
const MAIN_FIGURES: Record<string, string> = {
  'product list (default)': 'main: 10,800 req/s, p99 17 ms',
  'one product': 'main: 19,800 req/s',
};
const onlyRandom = process.env.BENCH_API_ROUTES === 'random';

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

/** Bench products in one statement: names from the words above, prices 100 to 25,000 rupees. */
const seedSql = (count: number) => `
  insert into products (id, name, price_paise, description, category, stock, images, ratings, num_of_reviews, created_at)
  select substr(md5('bench' || g), 1, 24),
    (array['${ADJECTIVES.join("','")}'])[1 + g % ${ADJECTIVES.length}] || ' ' ||
      (array['${NOUNS.join("','")}'])[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || g,
    10000 + (g * 7919) % 2490000,
    'A bench product for measuring the catalog under load.',
    (array['${CATEGORIES.join("','")}'])[1 + g % ${CATEGORIES.length}],
    g % 50, '[]'::jsonb, (g % 501) / 100.0, 0, now() - make_interval(mins => g)
  from generate_series(1, ${count}) g`;

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** A product list query a shopper could send: keyword (one in five matches nothing), filters, page. */
function randomListUrl(): string {
  const low = Math.floor(Math.random() * 200) * 100;
  const keyword =
    Math.random() < 0.2 ? `nothing${Math.floor(Math.random() * 1e6)}` : pick([...NOUNS, ...ADJECTIVES]);
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
async function seedCatalog(database: 'pglite' | 'postgres', dataDir: string, databaseUrl?: string) {
  const plans: string[] = [];
  if (database === 'pglite') {
    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      await db.exec(seedSql(catalogProducts));
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
      await sqlClient.unsafe(seedSql(catalogProducts));
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
  console.log(`\n${database}: ${catalogProducts} bench products added; plans of the list's three queries:`);
  for (const plan of plans) console.log(`${plan}\n`);
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}

interface RouteResult {
  database: string;
  route: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function startServer(
  port: number,
  dataDir: string,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): ChildProcess {
  // BENCH_CPU_PROF=dir: each server writes a V8 CPU profile there when it stops (where the time goes).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  return spawn(process.execPath, [...profile, serverEntry], {
    env: {
      ...process.env,
      ...extraEnv,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      // A throwaway database: the test-mode card gateway is named explicitly (it is not the default there).
      PAYMENT_GATEWAY: 'local',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function measure(base: string, database: string, route: string, url: string, random = false) {
  const options = {
    url: base + url,
    connections,
    // A new random query on every request: the catalog cache almost never answers.
    ...(random
      ? {
          requests: [
            { setupRequest: (request: autocannon.Request) => ({ ...request, path: randomListUrl() }) },
          ],
        }
      : {}),
  };
  // A short warm-up so the first second (JIT, caches) does not skew the figures.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  return {
    database,
    route,
    url: random ? 'random keyword, category, price range, rating and page' : url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const coldFirstList: { database: string; ms: number; status: number }[] = [];

async function runServer(database: 'pglite' | 'postgres', databaseUrl?: string): Promise<RouteResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child = startServer(port, dataDir, databaseUrl);
  try {
    await waitForHealth(base, child);
    const list = (await (await fetch(`${base}/api/v1/products`)).json()) as { products: { _id: string }[] };
    const productId = list.products[0]?._id;
    if (!productId) throw new Error('the seeded catalog is empty');
    const routes = [
      { route: 'health (baseline)', url: '/api/v1/health' },
      {
        route: 'product list (default)',
        url: '/api/v1/products?keyword=&page=1&price[gte]=0&price[lte]=25000&ratings[gte]=0',
      },
      {
        route: 'product list (filtered)',
        url: '/api/v1/products?keyword=phone&category=SmartPhones&page=1&price[gte]=100&price[lte]=20000&ratings[gte]=3',
      },
      { route: 'one product', url: `/api/v1/product/${productId}` },
    ];
    const results: RouteResult[] = [];
    if (!onlyRandom)
      for (const { route, url } of routes) results.push(await measure(base, database, route, url));

    // The same server on a catalog of CATALOG_PRODUCTS more products, seeded while it is stopped (PGlite
    // allows one process per data directory).
    await stopServer(child);
    await seedCatalog(database, dataDir, databaseUrl);
    const randomRoute = `product list, random query (${catalogProducts} products)`;
    child = startServer(port, dataDir, databaseUrl);
    await waitForHealth(base, child);
    // Cold start: the first list after a start loads the whole catalog into the index.
    const coldStart = performance.now();
    const first = await fetch(`${base}${randomListUrl()}`);
    await first.text();
    coldFirstList.push({ database, ms: Math.round(performance.now() - coldStart), status: first.status });
    results.push(await measure(base, database, `${randomRoute}, memory index`, '/api/v1/products', true));
    // The same queries answered by the database (the catalog cache and its index off).
    await stopServer(child);
    child = startServer(port, dataDir, databaseUrl, { CATALOG_CACHE_MS: '0' });
    await waitForHealth(base, child);
    results.push(await measure(base, database, `${randomRoute}, database query`, '/api/v1/products', true));
    return results;
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runOnPostgres(serverUrl: string) {
  const name = `shop_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await runServer('postgres', url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const results = await runServer('pglite');
if (process.env.BENCH_DATABASE_URL) results.push(...(await runOnPostgres(process.env.BENCH_DATABASE_URL)));

console.log(
  `\nAPI: ${connections} connections, ${duration} s per route, catalog cache ${process.env.CATALOG_CACHE_MS ?? 2000} ms`,
);
const goalOf = (result: RouteResult) => {
  if (!result.route.startsWith('product list, random')) return MAIN_FIGURES[result.route] ?? '';
  const met =
    result.requestsPerSecond >= RANDOM_LIST_GOAL.requestsPerSecond && result.p99Ms < RANDOM_LIST_GOAL.p99Ms;
  return `≥${RANDOM_LIST_GOAL.requestsPerSecond} req/s, p99 <${RANDOM_LIST_GOAL.p99Ms} ms: ${met ? 'met' : 'NOT met'}`;
};
console.table(
  results.map((result) => ({
    database: result.database,
    route: result.route,
    'req/s': result.requestsPerSecond,
    'p50 ms': result.p50Ms,
    'p99 ms': result.p99Ms,
    'non-2xx': result.non2xx,
    errors: result.errors,
    'goal (issue 12)': goalOf(result),
  })),
);
console.log(
  `first product list after a cold start with ${catalogProducts} products (the database answers while the index loads):`,
);
console.table(coldFirstList);
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        connections,
        durationSeconds: duration,
        catalogCacheMs: Number(process.env.CATALOG_CACHE_MS ?? 2000),
        results,
        coldFirstList,
      },
      null,
      2,
    ),
  );
  console.log(`written ${jsonOut}`);
}
