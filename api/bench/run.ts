// API throughput and latency: `node api/bench/run.ts [--json out.json] [--duration 5]`.
// Starts the real server (node api/src/server.ts) on a free port with a fresh DATA_DIR on PGlite, and also
// on PostgreSQL when BENCH_DATABASE_URL is set (in a throwaway database, dropped afterwards), then runs
// autocannon at 50 connections against the bare health route and three catalog routes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import postgres from 'postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '..', 'src', 'server.ts');

function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const jsonOut = argument('json');
const duration = Number(argument('duration') ?? 5);
const connections = Number(argument('connections') ?? 50);

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

async function runServer(database: 'pglite' | 'postgres', databaseUrl?: string): Promise<RouteResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
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
    for (const { route, url } of routes) {
      // A short warm-up so the first second (JIT, caches) does not skew the figures.
      await autocannon({ url: base + url, connections, duration: 1 });
      const result = await autocannon({ url: base + url, connections, duration });
      results.push({
        database,
        route,
        url,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
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
console.table(
  results.map((result) => ({
    database: result.database,
    route: result.route,
    'req/s': result.requestsPerSecond,
    'p50 ms': result.p50Ms,
    'p99 ms': result.p99Ms,
    'non-2xx': result.non2xx,
    errors: result.errors,
  })),
);
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        connections,
        durationSeconds: duration,
        catalogCacheMs: Number(process.env.CATALOG_CACHE_MS ?? 2000),
        results,
      },
      null,
      2,
    ),
  );
  console.log(`written ${jsonOut}`);
}
