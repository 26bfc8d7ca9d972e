import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsSettings } from '../config/api-config.ts';
import { operationOf, wrapQueries } from './sql-hook.ts';

/**
 * What the shop counts besides requests: called by the modules where it happens. With metrics off (no
 * METRICS_TOKEN and no METRICS_PORT) every call is a no-op and nothing is collected.
 */
export interface ShopMetrics {
  /** A catalog answer served from this instance's cache, from a computation already running, or computed. */
  catalogAnswer(result: 'hit' | 'shared' | 'miss'): void;
  /** A storefront list answered from the in-memory catalog index, or by the database while it reloads. */
  catalogList(source: 'memory' | 'database'): void;
  orderPlaced(): void;
  /** A card declined (local gateway), or a paid order refused (stock ran out, amount differs …). */
  paymentRefused(reason: 'card_declined' | 'order_refused'): void;
  /** A payment given back: at once, left pending for the retry, or finished by the retry. */
  paymentRefunded(outcome: 'refunded' | 'pending' | 'retried', count?: number): void;
}

export const noMetrics: ShopMetrics = {
  catalogAnswer: () => {},
  catalogList: () => {},
  orderPlaced: () => {},
  paymentRefused: () => {},
  paymentRefunded: () => {},
};

export const metricsEnabled = (settings: MetricsSettings) =>
  settings.token !== undefined || settings.port !== undefined;

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics of one api instance: requests by route and status with their latency, rate-limit
 * refusals, SQL time by statement kind and statements in flight, the catalog cache's and index's hits,
 * orders, refused and refunded payments, and Node's own (event-loop lag, heap, GC, CPU).
 *
 * Served only to who is meant to read them: on the api port with a bearer token (METRICS_TOKEN), or on a
 * separate port (METRICS_PORT, loopback unless METRICS_HOST says otherwise) that the balancer does not
 * expose. Neither set: nothing is registered and requests cost nothing more.
 */
export async function registerMetrics(
  app: FastifyInstance,
  settings: MetricsSettings,
  database: { kind: 'pglite' | 'postgres'; maxConnections: number },
  /** Figures read when scraped, from the modules that keep them (the catalog's broad reads). */
  readings: { broadReads: () => { running: number; waiting: number } },
): Promise<{ metrics: ShopMetrics; port: number | undefined }> {
  if (!metricsEnabled(settings)) return { metrics: noMetrics, port: undefined };
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: SECONDS,
    registers: [register],
  });
  const refusals = new Counter({
    name: 'shop_rate_limit_refusals_total',
    help: 'Calls answered 429: per-client limits and the per-account password-guess wait',
    labelNames: ['route'],
    registers: [register],
  });
  // A callback hook, not an async one: no promise per request on the hottest path.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // The route's template (/api/v1/product/:id), never the address: a bounded set of series.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    if (status === 429) refusals.inc({ route });
    done();
  });

  const queryTime = new Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'Time of one SQL statement at the driver (PGlite: its wait for the one connection included)',
    labelNames: ['operation'],
    buckets: SECONDS,
    registers: [register],
  });
  const inFlight = new Gauge({
    name: 'shop_db_queries_in_flight',
    help: 'SQL statements sent and not yet answered: connections busy, or waiting for one beyond the pool size',
    registers: [register],
  });
  new Gauge({
    name: 'shop_db_pool_max_connections',
    help: 'Connections the pool may open (postgres.js max; PGlite is one in-process connection)',
    labelNames: ['database'],
    registers: [register],
  }).set({ database: database.kind }, database.maxConnections);
  const unwrap = wrapQueries(async (sqlText, run) => {
    const stop = queryTime.startTimer({ operation: operationOf(sqlText) });
    inFlight.inc();
    try {
      return await run();
    } finally {
      inFlight.dec();
      stop();
    }
  });
  app.addHook('onClose', async () => unwrap());

  new Gauge({
    name: 'shop_catalog_broad_reads',
    help: "Catalog reads whose cost grows with the catalog (a letter's list, suggestions that rank every match): running, and waiting their turn",
    labelNames: ['state'],
    registers: [register],
    collect() {
      const { running, waiting } = readings.broadReads();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  const catalogAnswers = new Counter({
    name: 'shop_catalog_answer_cache_lookups_total',
    help: 'Product list and detail answers: from the cache (hit), joined a computation running (shared), computed (miss)',
    labelNames: ['result'],
    registers: [register],
  });
  const catalogLists = new Counter({
    name: 'shop_catalog_index_answers_total',
    help: 'Storefront lists computed from the in-memory catalog index (memory) or by the database while it reloads',
    labelNames: ['source'],
    registers: [register],
  });
  const orders = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed (paid, stock taken)',
    registers: [register],
  });
  const refused = new Counter({
    name: 'shop_payments_refused_total',
    help: 'Payments refused: card declined by the local gateway, or paid orders the shop refused',
    labelNames: ['reason'],
    registers: [register],
  });
  const refunded = new Counter({
    name: 'shop_payments_refunded_total',
    help: 'Payments given back: at once (refunded), left for the retry (pending), finished by it (retried)',
    labelNames: ['outcome'],
    registers: [register],
  });

  const serve = async () => ({ type: register.contentType, body: await register.metrics() });
  const tokenOk = (header: string | undefined) => {
    if (settings.token === undefined) return true;
    const expected = Buffer.from(`Bearer ${settings.token}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  if (settings.token !== undefined) {
    // Outside the route table: not part of the shop's contract, not in the OpenAPI reference.
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!tokenOk(request.headers.authorization))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ success: false, message: 'A metrics token is required' });
      const { type, body } = await serve();
      return reply.type(type).send(body);
    });
  }
  let server: Server | undefined;
  if (settings.port !== undefined) {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      if (!tokenOk(request.headers.authorization)) {
        response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      serve().then(
        ({ type, body }) => response.writeHead(200, { 'content-type': type }).end(body),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics not collected');
          response.writeHead(500).end();
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(settings.port, settings.host, () => resolve());
    });
    app.addHook(
      'onClose',
      () =>
        new Promise<void>((resolve) => {
          listening.close(() => resolve());
          // A scraper's kept-alive connection would otherwise hold the close for its idle timeout.
          listening.closeAllConnections();
        }),
    );
  }

  return {
    metrics: {
      catalogAnswer: (result) => catalogAnswers.inc({ result }),
      catalogList: (source) => catalogLists.inc({ source }),
      orderPlaced: () => orders.inc(),
      paymentRefused: (reason) => refused.inc({ reason }),
      paymentRefunded: (outcome, count = 1) => refunded.inc({ outcome }, count),
    },
    port: server ? (server.address() as { port: number }).port : undefined,
  };
}
