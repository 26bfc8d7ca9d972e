import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { memoryOf, scrapeMetrics, type BenchApi } from './catalog-scale-api.ts';
import { percentile } from './percentiles.ts';
import { randomBroadUrl } from './random-catalog.ts';

// The catalog bench's loads on one api: random lists under many connections with a catalog write each
// second and /health probed beside them, and the worst single requests, each timed alone.

const here = path.dirname(fileURLToPath(import.meta.url));

/** How the lists are asked: by how many connections, for how long, and which list each time. */
export interface ListLoad {
  connections: number;
  seconds: number;
  listUrl: () => string;
}

/**
 * The three requests issue 27 names as the worst, and the sorted ones of issue 28: each timed alone, on the
 * server with its cache off. The middle page is the deepest a list reads (a later one is read from the end).
 */
function worstOf(productCount: number) {
  const middle = Math.ceil(productCount / 16);
  return {
    'keyword matching nothing': '/api/v1/products?keyword=nothing-matches-this-42',
    'page 100000': '/api/v1/products?page=100000',
    'category + price + rating':
      '/api/v1/products?category=Camera&price[gte]=1000&price[lte]=5000&ratings[gte]=4&page=2',
    'newest, middle page': `/api/v1/products?page=${middle}`,
    'by rating, middle page': `/api/v1/products?sort=rating&page=${middle}`,
    'by price, category, middle page': `/api/v1/products?category=Laptop&sort=price_desc&page=${Math.ceil(productCount / 7 / 16)}`,
    'keyword by price, page 2': '/api/v1/products?keyword=Pro&sort=price_asc&page=2',
    'by rating, category + rating': '/api/v1/products?category=Camera&ratings[gte]=4&sort=rating',
  };
}

/** /health's answer times (ms) over the run, as a balancer in another process sees them. */
function healthProbe(url: string, seconds: number) {
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
 * `load.connections` of random list queries for `load.seconds`, /health probed and a catalog write each
 * second; `broad` more connections sending broad reads meanwhile, if asked.
 */
export async function loadRun(api: BenchApi, load: ListLoad, write: () => Promise<void>, broad = 0) {
  const { connections, seconds, listUrl } = load;
  const options = {
    url: `${api.base}/api/v1/products`,
    connections,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: listUrl() }) }],
  };
  await autocannon({ ...options, duration: 1 });
  const before = await scrapeMetrics(api);
  const probe = healthProbe(`${api.base}/api/v1/health`, seconds);
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
  const after = await scrapeMetrics(api);
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
    ...memoryOf(api.child.pid!),
  };
}

/**
 * Waits until the requests a load left behind have finished: autocannon stops at its deadline with up to
 * `connections` list queries still running in the api (seconds of them at a million products), and a
 * request timed then waits behind them. Idle = the readiness probe's `select 1`, which queues for the same
 * connection pool, answering within 20 ms twice running (at most 60 s).
 */
export async function untilIdle(api: BenchApi) {
  const deadline = performance.now() + 60_000;
  let quick = 0;
  while (quick < 2 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${api.base}/api/v1/health/ready`)).text();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each worst request three times alone, once the load's last requests are done: the median, in ms. */
export async function worstRequests(api: BenchApi, productCount: number) {
  await untilIdle(api);
  const rows: Record<string, { 'median ms': number; matching: number }> = {};
  for (const [name, url] of Object.entries(worstOf(productCount))) {
    const times: number[] = [];
    let matching = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const body = (await (await fetch(api.base + url)).json()) as { filteredProductsCount: number };
      times.push(performance.now() - started);
      matching = body.filteredProductsCount;
    }
    rows[name] = { 'median ms': Math.round(percentile(times, 50) * 10) / 10, matching };
  }
  return rows;
}
