import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { checkReadiness } from '../src/health/readiness.ts';
import { startTestApp, useTestApp, type TestApp } from './helpers/test-app.ts';
import { redisMissing, startRedis } from './helpers/redis-server.ts';
import { register } from './helpers/shop.ts';

// Liveness and readiness as a load balancer (or Kubernetes) asks them, and what a Redis outage does to
// the calls it counts.

// A readiness bound of 10 s (the catalog part waits half of it): the first ask starts the catalog index's
// thread and its load, which a busy CI machine took over the default's 1 s for (tracing.test.ts, once).
const t = useTestApp({ config: { readyTimeoutMs: 10_000 } });

describe('GET /health/live', () => {
  it('answers ok without asking anything else (the old /health too)', async () => {
    for (const url of ['/health/live', '/health']) {
      const response = await t.request('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('GET /health/ready', () => {
  it('answers 200 when the database, the image store and the catalog index answer; Redis is not asked without REDIS_URL', async () => {
    const response = await t.request('GET', '/health/ready');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'ready',
      checks: {
        database: { status: 'ok', ms: expect.any(Number) },
        images: { status: 'ok', ms: expect.any(Number) },
        catalog: { status: 'ok', ms: expect.any(Number) },
      },
    });
    // The ask loaded the list's memory index: this instance takes shoppers with its catalog in memory.
    expect(await t.app.shop.catalogIndex!.holdsCatalog()).toBe(true);
  });

  it('answers 503 naming the image store when uploads cannot be written, with Retry-After', async () => {
    // The uploads folder's place is taken by a file: the disk store could not save an image.
    const broken = await startTestApp();
    try {
      writeFileSync(path.join(broken.dataDir, 'uploads'), 'not a folder');
      const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        success: false,
        message: 'Not ready: images unreachable',
        status: 'unavailable',
        checks: { database: { status: 'ok' }, images: { status: 'failing', reason: 'unreachable' } },
      });
      // The cause is logged for the operator, and kept out of the answer.
      expect(response.body).not.toContain('EEXIST');
      expect(broken.logs.some((line) => line.msg === 'not ready: images unreachable')).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming the database when it is gone', async () => {
    const database = await openDatabase({ pgliteDir: 'memory' });
    const app = await buildApp({
      database,
      logger: false,
      config: { dataDir: t.dataDir, databaseUrl: undefined, paymentGateway: 'local', seedDemo: false },
    });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: 'Not ready: database unreachable',
      checks: { database: { status: 'failing' }, images: { status: 'ok' } },
    });
    // Alive all the same: a restart would not bring the database back.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('counts a part that does not answer within the bound as failing, and answers at the bound', async () => {
    const started = performance.now();
    const result = await checkReadiness(
      { database: async () => {}, images: () => new Promise(() => {}) },
      150,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe('unavailable');
    expect(result.checks.images).toEqual({
      status: 'failing',
      ms: expect.any(Number),
      reason: 'no answer within 150 ms',
    });
    expect(result.checks.images!.ms).toBeGreaterThanOrEqual(140);
    expect(result.checks.database!.status).toBe('ok');
  });
});

describe.skipIf(redisMissing)(`with REDIS_URL${redisMissing ? ` — ${redisMissing}` : ''}`, () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let shop: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    shop = await startTestApp({ config: { redisUrl: redis.url, authRateLimit: 50 } });
  });
  afterAll(async () => {
    await shop?.close();
    await redis?.stop();
  });

  const login = () =>
    shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'Password123' },
    });
  const ready = () => shop.app.inject({ method: 'GET', url: '/api/v1/health/ready' });

  it('a stopped redis-server: not ready naming redis, and limited calls answer 503 with Retry-After, never 500', async () => {
    await register(shop.app);
    expect((await ready()).json().checks.redis).toEqual({ status: 'ok', ms: expect.any(Number) });
    expect((await login()).statusCode).toBe(401);

    await redis.stop();
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      message: expect.stringMatching(/^Not ready: redis /),
      checks: { redis: { status: 'failing' }, database: { status: 'ok' } },
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await login();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ success: false, message: 'Service temporarily unavailable' });
    }
    // Calls that are not limited do not need Redis.
    expect((await shop.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);

    redis = await startRedis(redis.port);
    await expect.poll(async () => (await ready()).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await login()).statusCode).toBe(401);
  });
});
