import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/free-port.ts';
import { stopServerProcess, waitForHealth } from './bench-server.ts';
import { metricSamples } from './prometheus-text.ts';

// The api the catalog bench loads: a process of its own on the bench's database, its answer cache on or
// off, and what it says of itself (its memory, its event loop, where its lists came from).

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server.ts');

export interface BenchApi {
  child: ChildProcess;
  base: string;
  metrics: string;
  /** From the process's start until `/health/ready` answered 200. */
  readyMs: number;
}

const BENCH_JWT_SECRET = randomBytes(32).toString('hex');

/** `nodeArgs`: node flags for the api (`--trace-gc-nvp`, `--cpu-prof`), which NODE_OPTIONS refuses. */
export async function startBenchApi(
  dataDir: string,
  databaseUrl: string | undefined,
  cacheMs: number,
  nodeArgs: readonly string[] = [],
): Promise<BenchApi> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
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
    stdio: ['ignore', nodeArgs.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  await waitForHealth(base, child, 300_000);
  // Shoppers reach an instance once it is ready, as a balancer sends them: its catalog index loaded.
  const deadline = performance.now() + 120_000;
  while ((await fetch(`${base}/api/v1/health/ready`)).status !== 200) {
    if (performance.now() > deadline) throw new Error('the api was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    child,
    base,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    readyMs: Math.round(performance.now() - started),
  };
}

export const stopBenchApi = (api: BenchApi) => stopServerProcess(api.child);

/** VmRSS and VmHWM (the peak) of a process, in MB. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(/(\d+) kB/.exec(status.split(`${field}:`)[1] ?? '')?.[1]) / 1024);
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/**
 * The event loop's delay since the last scrape (prom-client resets its histogram on each one), in ms, and
 * how many lists the memory index and the database have answered so far.
 */
export async function scrapeMetrics(api: BenchApi) {
  const text = await (await fetch(api.metrics)).text();
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
