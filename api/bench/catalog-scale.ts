// The catalog at scale (issue 27):
// `pnpm bench:catalog --products N [--seconds 10] [--connections 50] [--lists searches] [--broad-clients 10]`.
// Seeds N bench products (one generate_series statement, the indexes built after it: bulk-load.ts) into
// a fresh PGlite directory, or into a throwaway database on the server DATABASE_URL names (dropped
// afterwards), then prints: seed time, database size, the list's req/s and p99 under random filters (or,
// `--lists searches`, a shopper's searches: a keyword alone, sometimes in a category) with the answer
// cache on and off, the api's RSS after each run, the event loop's delay and /health's times during each
// run (asked every 20 ms by a probe in a process of its own, health-probe.ts), and the worst single
// requests (a keyword matching nothing, page 100000, category + price + rating, and issue 28's sorts: the
// middle page by rating, the deepest any order reads, and a sorted keyword list). A catalog write lands
// every second of each run: on PostgreSQL a stock change announced the way another instance announces an
// order's, on PGlite (one process) a product added or deleted by the admin through the api. With the cache
// on, a third run adds `--broad-clients` (10; 0 for none) clients sending reads whose cost grows with the
// catalog (a letter's list, the search box's suggestions) beside the same random lists.
// Figures move with the machine's load: run it holding the shared lock (flock /tmp/shop-heavy.lock).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { freePort } from '../test/helpers/free-port.ts';
import { argument, stopServerProcess, waitForHealth } from './bench-server.ts';
import { adminWriter, stockWriter } from './catalog-writers.ts';
import { percentile } from './percentiles.ts';
import { metricSamples } from './prometheus-text.ts';
import {
  insertBenchProductsPglite,
  insertBenchProductsPostgres,
  randomBroadUrl,
  randomListUrl,
  randomSearchUrl,
} from './random-catalog.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '..', 'src', 'server.ts');

const productCount = Number(argument('products') ?? 10_000);
const seconds = Number(argument('seconds') ?? 10);
const connections = Number(argument('connections') ?? 50);
/** `--lists searches`: a shopper's searches (a keyword alone, sometimes in a category) instead of random filters. */
const searches = argument('lists') === 'searches';
const listUrl = searches ? randomSearchUrl : randomListUrl;
/** Clients sending broad reads (a letter's list, suggestions) beside the lists, in a run of their own. */
const broadClients = Number(argument('broad-clients') ?? 10);
const serverUrl = process.env.DATABASE_URL || undefined;
/** `BENCH_API_NODE_ARGS='--trace-gc-nvp'`: node flags for the api (NODE_OPTIONS refuses the GC traces). */
const apiNodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * The three requests issue 27 names as the worst, and the sorted ones of issue 28: each timed alone, on the
 * server with its cache off. The middle page is the deepest a list reads (a later one is read from the end).
 */
const WORST = {
  'keyword matching nothing': '/api/v1/products?keyword=nothing-matches-this-42',
  'page 100000': '/api/v1/products?page=100000',
  'category + price + rating':
    '/api/v1/products?category=Camera&price[gte]=1000&price[lte]=5000&ratings[gte]=4&page=2',
  'newest, middle page': `/api/v1/products?page=${Math.ceil(productCount / 16)}`,
  'by rating, middle page': `/api/v1/products?sort=rating&page=${Math.ceil(productCount / 16)}`,
  'by price, category, middle page': `/api/v1/products?category=Laptop&sort=price_desc&page=${Math.ceil(productCount / 7 / 16)}`,
  'keyword by price, page 2': '/api/v1/products?keyword=Pro&sort=price_asc&page=2',
  'by rating, category + rating': '/api/v1/products?category=Camera&ratings[gte]=4&sort=rating',
};

interface Server {
  child: ChildProcess;
  base: string;
  metrics: string;
  /** From the process's start until `/health/ready` answered 200. */
  readyMs?: number;
}

const BENCH_JWT_SECRET = randomBytes(32).toString('hex');

async function startServer(dataDir: string, databaseUrl: string | undefined, cacheMs: number) {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [...apiNodeArgs, serverEntry], {
    env: {
      // Instances on PostgreSQL must share a signing secret: one made for this run.
      JWT_SECRET: BENCH_JWT_SECRET,
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      PAYMENT_GATEWAY: 'local',
      CATALOG_CACHE_MS: String(cacheMs),
      DATABASE_URL: databaseUrl ?? '',
    },
    // With node flags (a GC trace prints to stdout) the api's output is shown.
    stdio: ['ignore', apiNodeArgs.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const server: Server = {
    child,
    base: `http://127.0.0.1:${port}`,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
  };
  const started = performance.now();
  await waitForHealth(server.base, child, 300_000);
  // Shoppers reach an instance once it is ready, as a balancer sends them: its catalog index loaded.
  const deadline = performance.now() + 120_000;
  while ((await fetch(`${server.base}/api/v1/health/ready`)).status !== 200) {
    if (performance.now() > deadline) throw new Error('the api was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.readyMs = Math.round(performance.now() - started);
  return server;
}

const stopServer = (server: Server) => stopServerProcess(server.child);

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(/(\d+) kB/.exec(status.split(`${field}:`)[1] ?? '')?.[1]) / 1024);
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/**
 * The event loop's delay since the last scrape (prom-client resets its histogram on each one), in ms, and
 * how many lists the memory index and the database have answered so far.
 */
async function scrapeMetrics(server: Server) {
  const text = await (await fetch(server.metrics)).text();
  const number = (name: string) => metricSamples(text, name).get('') ?? NaN;
  const lists = (source: string) =>
    metricSamples(text, 'shop_catalog_index_answers_total').get(`{source="${source}"}`) ?? 0;
  return {
    maxMs: Math.round(number('nodejs_eventloop_lag_max_seconds') * 1000),
    p99Ms: Math.round(number('nodejs_eventloop_lag_p99_seconds') * 1000),
    fromMemory: lists('memory'),
    fromDatabase: lists('database'),
  };
}

/** /health's answer times (ms) over the run, as a balancer in another process sees them. */
function healthProbe(url: string) {
  const child = spawn(process.execPath, [path.join(here, 'health-probe.ts'), url, String(seconds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise<number[]>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as number[])
        : reject(new Error(`the health probe exited with ${code}`)),
    ),
  );
}

/**
 * 50 connections of random list queries for `seconds`, /health probed and a catalog write each second;
 * `broad` more connections sending broad reads meanwhile, if asked.
 */
async function loadRun(server: Server, write: () => Promise<void>, broad = 0) {
  const options = {
    url: `${server.base}/api/v1/products`,
    connections,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: listUrl() }) }],
  };
  await autocannon({ ...options, duration: 1 });
  const before = await scrapeMetrics(server);
  const probe = healthProbe(`${server.base}/api/v1/health`);
  let failedWrites = 0;
  const writes = setInterval(() => void write().catch(() => failedWrites++), 1000);
  const [result, broadResult] = await Promise.all([
    autocannon({ ...options, duration: seconds }),
    broad
      ? autocannon({
          url: options.url,
          connections: broad,
          duration: seconds,
          requests: [
            { setupRequest: (request: autocannon.Request) => ({ ...request, path: randomBroadUrl() }) },
          ],
        })
      : undefined,
  ]);
  clearInterval(writes);
  const health = await probe;
  const after = await scrapeMetrics(server);
  const fromMemory = after.fromMemory - before.fromMemory;
  const indexed = fromMemory + after.fromDatabase - before.fromDatabase;
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
    'failed writes': failedWrites,
    'loop delay max ms': after.maxMs,
    // The index answers only with the answer cache on (off, every list is the database's).
    ...(indexed ? { 'lists from memory %': Math.round((1000 * fromMemory) / indexed) / 10 } : {}),
    // Past the one read at a time and the 8 waiting, a broad read is told to come back (503).
    ...(broadResult ? { 'broad answered': broadResult['2xx'], 'broad refused': broadResult.non2xx } : {}),
    '/health p50 ms': Math.round(percentile(health, 50)),
    '/health p99 ms': Math.round(percentile(health, 99)),
    '/health max ms': Math.round(Math.max(...health)),
    ...memoryOf(server.child.pid!),
  };
}

/**
 * Waits until the requests a load left behind have finished: autocannon stops at its deadline with up to
 * `connections` list queries still running in the api (seconds of them at a million products), and a
 * request timed then waits behind them. Idle = the readiness probe's `select 1`, which queues for the same
 * connection pool, answering within 20 ms twice running (at most 60 s).
 */
async function untilIdle(server: Server) {
  const deadline = performance.now() + 60_000;
  let quick = 0;
  while (quick < 2 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${server.base}/api/v1/health/ready`)).text();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each worst request three times alone, once the load's last requests are done: the median, in ms. */
async function worstRequests(server: Server) {
  await untilIdle(server);
  const rows: Record<string, { 'median ms': number; matching: number }> = {};
  for (const [name, url] of Object.entries(WORST)) {
    const times: number[] = [];
    let matching = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const body = (await (await fetch(server.base + url)).json()) as { filteredProductsCount: number };
      times.push(performance.now() - started);
      matching = body.filteredProductsCount;
    }
    rows[name] = { 'median ms': Math.round(percentile(times, 50) * 10) / 10, matching };
  }
  return rows;
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(full) : statSync(full).size;
  }
  return total;
}

/** Seeds the products with no server holding the database; answers the seconds taken and the size in MB. */
async function seed(dataDir: string, databaseUrl: string | undefined) {
  const started = performance.now();
  let sizeBytes: number;
  if (databaseUrl) {
    const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await insertBenchProductsPostgres(client, productCount);
      // Every table the seed wrote (the products and, by trigger, their names' words), as autovacuum does
      // after a bulk insert on a live database: index-only scans need the pages marked all-visible.
      await client.unsafe('vacuum analyze');
      sizeBytes = Number((await client`select pg_database_size(current_database()) as size`)[0]!.size);
    } finally {
      await client.end();
    }
  } else {
    const dir = path.join(dataDir, 'pglite');
    const db = new PGlite(dir, { extensions: { pg_trgm } });
    try {
      await insertBenchProductsPglite(db, productCount);
      await db.exec('vacuum analyze');
    } finally {
      await db.close();
    }
    sizeBytes = directorySize(dir);
  }
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    sizeMb: Math.round(sizeBytes / 2 ** 20),
  };
}

async function run(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-catalog-'));
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  let server: Server | undefined;
  try {
    // A first start migrates and seeds the demo shop; the bench products go in while it is stopped.
    server = await startServer(dataDir, databaseUrl, 0);
    await stopServer(server);
    const seeded = await seed(dataDir, databaseUrl);
    console.log(
      `${kind}: ${productCount} products seeded in ${seeded.seconds} s, database ${seeded.sizeMb} MB`,
    );

    const stockChanges = databaseUrl ? stockWriter(databaseUrl, productCount) : undefined;
    const runs: Record<string, Record<string, number>> = {};
    let worst: Awaited<ReturnType<typeof worstRequests>> = {};
    try {
      for (const cacheMs of [2000, 0]) {
        server = await startServer(dataDir, databaseUrl, cacheMs);
        const started = performance.now();
        await (await fetch(server.base + listUrl())).text();
        const firstListMs = Math.round(performance.now() - started);
        // One writer a server: the admin's writer logs in, and alternates adding and deleting a product.
        const write = stockChanges?.write ?? (await adminWriter(server.base));
        const name = cacheMs ? 'answer cache on (2 s)' : 'answer cache off';
        runs[name] = {
          'ready after start ms': server.readyMs!,
          'first list ms': firstListMs,
          ...(await loadRun(server, write)),
        };
        if (cacheMs && broadClients) {
          await untilIdle(server);
          runs[`cache on, ${broadClients} clients sending broad reads too`] = await loadRun(
            server,
            write,
            broadClients,
          );
        }
        if (!cacheMs) worst = await worstRequests(server);
        await stopServer(server);
        server = undefined;
      }
    } finally {
      await stockChanges?.close();
    }
    console.log(
      `\n${kind}, ${productCount} products: ${searches ? "shoppers' searches" : 'random list queries'}, ${connections} connections, ${seconds} s, ` +
        (databaseUrl ? 'a stock change every second' : 'a product added or deleted every second'),
    );
    console.table(runs);
    console.log('The worst single requests (answer cache off, median of 3):');
    console.table(worst);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (serverUrl) {
  const name = `shop_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  await run(undefined);
}
