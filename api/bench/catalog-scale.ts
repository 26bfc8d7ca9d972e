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
// The parts: the seed (catalog-scale-seed.ts), the api under load (catalog-scale-api.ts), the loads and the
// worst requests (catalog-scale-load.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { argument } from './bench-server.ts';
import { startBenchApi, stopBenchApi, type BenchApi } from './catalog-scale-api.ts';
import { loadRun, untilIdle, worstRequests, type ListLoad } from './catalog-scale-load.ts';
import { seedCatalogScale } from './catalog-scale-seed.ts';
import { adminWriter, stockWriter } from './catalog-writers.ts';
import { randomListUrl, randomSearchUrl } from './random-catalog.ts';

const productCount = Number(argument('products') ?? 10_000);
/** `--lists searches`: a shopper's searches (a keyword alone, sometimes in a category) instead of random filters. */
const searches = argument('lists') === 'searches';
const load: ListLoad = {
  connections: Number(argument('connections') ?? 50),
  seconds: Number(argument('seconds') ?? 10),
  listUrl: searches ? randomSearchUrl : randomListUrl,
};
/** Clients sending broad reads (a letter's list, suggestions) beside the lists, in a run of their own. */
const broadClients = Number(argument('broad-clients') ?? 10);
const serverUrl = process.env.DATABASE_URL || undefined;
/** `BENCH_API_NODE_ARGS='--trace-gc-nvp'`: node flags for the api (NODE_OPTIONS refuses the GC traces). */
const apiNodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

async function run(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-catalog-'));
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  let server: BenchApi | undefined;
  try {
    // A first start migrates and seeds the demo shop; the bench products go in while it is stopped.
    server = await startBenchApi(dataDir, databaseUrl, 0, apiNodeArgs);
    await stopBenchApi(server);
    const seeded = await seedCatalogScale(dataDir, databaseUrl, productCount);
    console.log(
      `${kind}: ${productCount} products seeded in ${seeded.seconds} s, database ${seeded.sizeMb} MB`,
    );

    const stockChanges = databaseUrl ? stockWriter(databaseUrl, productCount) : undefined;
    const runs: Record<string, Record<string, number>> = {};
    let worst: Awaited<ReturnType<typeof worstRequests>> = {};
    try {
      for (const cacheMs of [2000, 0]) {
        server = await startBenchApi(dataDir, databaseUrl, cacheMs, apiNodeArgs);
        const started = performance.now();
        await (await fetch(server.base + load.listUrl())).text();
        const firstListMs = Math.round(performance.now() - started);
        // One writer a server: the admin's writer logs in, and alternates adding and deleting a product.
        const write = stockChanges?.write ?? (await adminWriter(server.base));
        const name = cacheMs ? 'answer cache on (2 s)' : 'answer cache off';
        runs[name] = {
          'ready after start ms': server.readyMs,
          'first list ms': firstListMs,
          ...(await loadRun(server, load, write)),
        };
        if (cacheMs && broadClients) {
          await untilIdle(server);
          runs[`cache on, ${broadClients} clients sending broad reads too`] = await loadRun(
            server,
            load,
            write,
            broadClients,
          );
        }
        if (!cacheMs) worst = await worstRequests(server, productCount);
        await stopBenchApi(server);
        server = undefined;
      }
    } finally {
      await stockChanges?.close();
    }
    console.log(
      `\n${kind}, ${productCount} products: ${searches ? "shoppers' searches" : 'random list queries'}, ${load.connections} connections, ${load.seconds} s, ` +
        (databaseUrl ? 'a stock change every second' : 'a product added or deleted every second'),
    );
    console.table(runs);
    console.log('The worst single requests (answer cache off, median of 3):');
    console.table(worst);
  } finally {
    if (server) await stopBenchApi(server);
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
