import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, shopPorts, type RemoteName } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { serveMetrics } from './observability/metrics-server.ts';
import {
  createPageMetrics,
  noPageMetrics,
  workersMetrics,
  type PageMetrics,
} from './observability/page-metrics.ts';
import { startPageServer } from './page-server.ts';
import { stopWhenAsked } from './process/stop-when-asked.ts';

// `node page-server/src/main.ts`: the shell's page server on SHELL_PORT (README, "The page server").
// config.json is made from the environment as `pnpm start` makes it: the same variables, the same defaults.
const env = process.env;
const number = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0`);
  return value;
};

/** RELEASES_LIVE: the remotes whose live releases are followed (all by default; the gate pins one). */
function followedRemotes(): RemoteName[] {
  const names = (env.RELEASES_LIVE ?? REMOTE_NAMES.join(',')).split(',').filter(Boolean);
  for (const name of names)
    if (!REMOTE_NAMES.includes(name as RemoteName))
      throw new Error(`RELEASES_LIVE names ${name}; it may name ${REMOTE_NAMES.join(', ')}`);
  return names as RemoteName[];
}

/** PAGE_SERVER_METRICS_PORT: Prometheus metrics on a port of their own; unset, nothing is collected. */
const metricsPort =
  env.PAGE_SERVER_METRICS_PORT === undefined ? undefined : number('PAGE_SERVER_METRICS_PORT', 0);
const metricsHost = env.PAGE_SERVER_METRICS_HOST ?? '127.0.0.1';
const log = (line: string) => console.log(`[page-server] ${line}`);

/** Serves `metrics` on PAGE_SERVER_METRICS_PORT until the process ends. */
async function serveMetricsOnTheirPort(metrics: Pick<PageMetrics, 'text' | 'contentType'>) {
  const served = await serveMetrics(metrics, { port: metricsPort!, host: metricsHost, log });
  log(`metrics at http://${metricsHost}:${served.port}/metrics`);
}

const ports = shopPorts(env);
const config = shellConfig(ports, env);
const shopUrl = env.SHOP_URL ?? `http://localhost:${ports.shell}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function serve() {
  const metrics = metricsPort === undefined ? noPageMetrics : createPageMetrics();
  const server = await startPageServer({
    shellDir: path.resolve(env.SHELL_DIR ?? path.join(repoRoot, 'shell', 'dist')),
    port: ports.shell,
    host: env.PAGE_SERVER_HOST ?? 'localhost',
    config,
    shopUrl,
    apiUrl: env.PAGE_SERVER_API_URL ?? config.apiBaseUrl,
    https: shopUrl.startsWith('https://'),
    renderTimeoutMs: number('RENDER_TIMEOUT_MS', 2000),
    releaseCheckMs: number('RELEASE_CHECK_MS', 1000),
    followReleases: followedRemotes(),
    reportEveryMs: number('RELEASE_REPORT_EVERY_MS', 10_000),
    revisionCheckMs: number('CATALOG_REVISION_CHECK_MS', 1000),
    cache: {
      maxEntries: number('PAGE_CACHE_ENTRIES', 500),
      maxBytes: number('PAGE_CACHE_MB', 64) * 1024 * 1024,
      freshMs: number('PAGE_FRESH_SECONDS', 300) * 1000,
      staleMs: number('PAGE_STALE_SECONDS', 3600) * 1000,
    },
    metrics,
    log,
  });
  if (cluster.isPrimary) {
    console.log(
      `[page-server] serving the shop at ${server.url} with the storefront of ${config.remotes.storefront}`,
    );
    // One process: its own metrics. Workers answer theirs to the primary, which serves the sum.
    if (metricsPort !== undefined) await serveMetricsOnTheirPort(metrics);
  }
  stopWhenAsked({
    close: () => server.close(),
    signals: process,
    worker: cluster.worker,
    exit: (code) => process.exit(code),
    log: (line) => console.error(`[page-server] ${line}`),
  });
}

/**
 * `count` processes sharing the port (node:cluster), each with its own cache: a render is work on the main
 * thread, so one process renders on one core. A worker that stops is replaced.
 */
function serveInWorkers(count: number) {
  let stopping = false;
  for (let n = 0; n < count; n++) cluster.fork();
  if (metricsPort !== undefined)
    serveMetricsOnTheirPort(workersMetrics()).catch((error: unknown) => {
      console.error(`[page-server] metrics not served: ${String(error)}`);
      process.exit(1);
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[page-server] worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  cluster.once('listening', (_worker, address) =>
    console.log(`[page-server] serving the shop at http://localhost:${address.port} with ${count} workers`),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      cluster.disconnect(() => process.exit(0));
      setTimeout(() => process.exit(0), 5000).unref();
    });
}

const workers = number('PAGE_SERVER_WORKERS', 1);
if (cluster.isPrimary && workers > 1) serveInWorkers(workers);
else await serve();
