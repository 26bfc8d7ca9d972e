import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  newOrderRequest,
  pay,
  placePaidOrder,
  register,
  totalPaiseOf,
  uniqueEmail,
} from './helpers/shop.ts';
import { sql } from 'drizzle-orm';
import { DEFAULT_POOL_SIZE } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

// /metrics as Prometheus scrapes it: who may read it, and whether each figure moves when the thing it
// counts happens.

const TOKEN = 'metrics-token-for-tests-0123456789';
const t = useTestApp({
  config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' }, authRateLimit: 3 },
});

async function scrape() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series (`name{a="b",…}`), all of whose labels are given; 0 when it is not there yet. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (have.length === wanted.length && wanted.every((label) => have.includes(label)))
      return Number(match[3]);
  }
  return 0;
}

describe('who may read /metrics', () => {
  it('asks for the token on the api port: none or a wrong one is a 401, and the text tells nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('http_request');
    }
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is not served at all by default (no METRICS_TOKEN, no METRICS_PORT)', async () => {
    const plain = await startTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(plain.app.shop.metricsPort).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('with METRICS_PORT, serves them on that port of their own, and not on the api port', async () => {
    const separate = await startTestApp({
      config: { metrics: { token: undefined, port: 0, host: '127.0.0.1' } },
    });
    try {
      await separate.app.inject({ method: 'GET', url: '/api/v1/products' });
      const port = separate.app.shop.metricsPort!;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(
        valueOf(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/v1/products',
          status_code: '200',
        }),
      ).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await separate.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await separate.close();
    }
  });
});

describe('what the figures count', () => {
  it('requests by route template and status, with their latency; unknown addresses as one series', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) await t.request('GET', '/products');
    await t.request('GET', '/product/not-an-id');
    await t.request('GET', '/product/0123456789abcdef01234567');
    await t.app.inject({ method: 'GET', url: '/no/such/place' });
    const after = await scrape();
    const count = (text: string, route: string, status: string) =>
      valueOf(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status });
    expect(count(after, '/api/v1/products', '200') - count(before, '/api/v1/products', '200')).toBe(3);
    expect(count(after, '/api/v1/product/:id', '400') - count(before, '/api/v1/product/:id', '400')).toBe(1);
    expect(count(after, '/api/v1/product/:id', '404') - count(before, '/api/v1/product/:id', '404')).toBe(1);
    expect(count(after, 'unmatched', '404')).toBeGreaterThanOrEqual(1);
    // The address itself never becomes a label.
    expect(after).not.toContain('not-an-id');
    expect(
      valueOf(after, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/v1/products',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(count(after, '/api/v1/products', '200'));
  });

  it('SQL statements by kind with their time, and the pool size', async () => {
    const before = valueOf(await scrape(), 'shop_db_query_duration_seconds_count', { operation: 'insert' });
    await addProduct(t.app);
    const after = await scrape();
    expect(valueOf(after, 'shop_db_query_duration_seconds_count', { operation: 'insert' })).toBe(before + 1);
    expect(valueOf(after, 'shop_db_query_duration_seconds_sum', { operation: 'insert' })).toBeGreaterThan(0);
    // Statements in flight right now: a background reload of the catalog index may be one of them.
    expect(after).toMatch(/^shop_db_queries_in_flight \d+$/m);
    // No broad read under way between requests (catalog/broad-reads.ts).
    expect(valueOf(after, 'shop_catalog_broad_reads', { state: 'running' })).toBe(0);
    expect(valueOf(after, 'shop_catalog_broad_reads', { state: 'waiting' })).toBe(0);
    const poolSize = t.app.shop.database.kind === 'postgres' ? DEFAULT_POOL_SIZE : 1;
    expect(valueOf(after, 'shop_db_pool_max_connections', { database: t.app.shop.database.kind })).toBe(
      poolSize,
    );
    // And the pool holds no more: twice as many slow statements at once run on at most that many
    // connections (another statement of the api's may hold one meanwhile).
    const backends = await Promise.all(
      Array.from(
        { length: 2 * poolSize },
        async () =>
          rowsOf<{ pid: number }>(
            await t.app.shop.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
          )[0]!.pid,
      ),
    );
    expect(new Set(backends).size).toBeLessThanOrEqual(poolSize);
    expect(new Set(backends).size).toBeGreaterThanOrEqual(Math.ceil(poolSize / 2));
  });

  it('catalog answers from the cache and computed, and lists from the index', async () => {
    // A write clears the cache: the next list is computed, the one after is the cached answer.
    await addProduct(t.app);
    const before = await scrape();
    await t.request('GET', '/products?keyword=metrics-cache');
    await t.request('GET', '/products?keyword=metrics-cache');
    const after = await scrape();
    const lookups = (text: string, result: string) =>
      valueOf(text, 'shop_catalog_answer_cache_lookups_total', { result });
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
    const lists = (text: string) =>
      valueOf(text, 'shop_catalog_index_answers_total', { source: 'memory' }) +
      valueOf(text, 'shop_catalog_index_answers_total', { source: 'database' });
    expect(lists(after) - lists(before)).toBe(1);
  });

  it('orders placed, cards declined, paid orders refused and their refunds', async () => {
    const buyer = await register(t.app);
    const before = await scrape();
    await placePaidOrder(t.app, buyer);
    const declined = await pay(t.app, buyer, 10_000, '4000000000000002');
    expect(declined.confirmed.statusCode).toBe(402);
    // Paid for, then refused: the product sold out meanwhile.
    const soldOut = await addProduct(t.app, { pricePaise: 30_000, stock: 0 });
    const { intentId } = await pay(t.app, buyer, totalPaiseOf([{ pricePaise: 30_000, quantity: 1 }]));
    const refused = await t.app.inject(
      newOrderRequest(buyer, [{ product: soldOut.id, quantity: 1 }], intentId),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('has been refunded');
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('shop_orders_placed_total')).toBe(1);
    expect(delta('shop_payments_refused_total', { reason: 'card_declined' })).toBe(1);
    expect(delta('shop_payments_refused_total', { reason: 'order_refused' })).toBe(1);
    expect(delta('shop_payments_refunded_total', { outcome: 'refunded' })).toBe(1);
  });

  it('rate-limit refusals by route', async () => {
    const before = valueOf(await scrape(), 'shop_rate_limit_refusals_total', { route: '/api/v1/auth/login' });
    const statuses: number[] = [];
    // AUTH_RATE_LIMIT=3 password checks a minute per client and account.
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) {
      const response = await t.request('POST', '/auth/login', {
        payload: { email, password: 'Password123' },
      });
      statuses.push(response.statusCode);
    }
    const refused = statuses.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    const after = valueOf(await scrape(), 'shop_rate_limit_refusals_total', { route: '/api/v1/auth/login' });
    expect(after - before).toBe(refused);
  });
});
