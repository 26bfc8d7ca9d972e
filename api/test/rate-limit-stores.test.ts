import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { openRateLimitStorage, type RateLimitStorage } from '../src/rate-limits/rate-limit-storage.ts';
import { postgresRateLimitStore, rateLimits, sweepExpired } from '../src/rate-limits/postgres-store.ts';
import type { Database } from '../src/db/client.ts';
import { registerErrorHandlers } from '../src/http/error-handler.ts';
import { freshDatabase } from './helpers/test-app.ts';
import { redisMissing, startRedis } from './helpers/redis-server.ts';
import { appWithCloseHooks } from './helpers/app-with-close-hooks.ts';

// Two "instances" (Fastify apps) counting on one store: a client's requests are limited however the
// balancer spreads them.
async function instance(options: Partial<RateLimitStorage['options']>, max = 3, timeWindow = 60_000) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, ...options });
  app.get('/limited', { config: { rateLimit: { max, timeWindow } } }, async () => ({ ok: true }));
  app.get('/other', { config: { rateLimit: { max, timeWindow } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}
const hit = (app: FastifyInstance, url = '/limited') =>
  app.inject({ method: 'GET', url }).then((r) => r.statusCode);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('the PostgreSQL store (rate_limits, migration 0006)', () => {
  it('counts one window across instances, per route, and answers 429 past the limit', async () => {
    const Store = postgresRateLimitStore(database.db);
    const [one, two] = [await instance({ store: Store }), await instance({ store: Store })];
    expect([await hit(one), await hit(two), await hit(one)]).toEqual([200, 200, 200]);
    expect(await hit(two)).toBe(429);
    expect(await hit(one)).toBe(429);
    // Another route has its own count.
    expect(await hit(two, '/other')).toBe(200);
    const limited = await two.inject({ method: 'GET', url: '/limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
    await Promise.all([one.close(), two.close()]);
  });

  it('gives parallel requests each their own number', async () => {
    const app = await instance({ store: postgresRateLimitStore(database.db) }, 5);
    await database.db.delete(rateLimits);
    const statuses = await Promise.all(Array.from({ length: 12 }, () => hit(app, '/other')));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    await app.close();
  });

  it('opens a new window once the old one has ended, and sweeps ended ones', async () => {
    const app = await instance({ store: postgresRateLimitStore(database.db) }, 1, 300);
    await database.db.delete(rateLimits);
    expect([await hit(app), await hit(app)]).toEqual([200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await hit(app)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await sweepExpired(database.db);
    expect(await database.db.select().from(rateLimits)).toEqual([]);
    await app.close();
  });

  it('is what a shared PostgreSQL database gets, and the embedded PGlite counts in memory', async () => {
    const storage = await openRateLimitStorage(undefined, database, appWithCloseHooks().app);
    expect(storage.kind).toBe(database.kind === 'postgres' ? 'postgres' : 'memory');
    await storage.close();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'sweeps ended windows every minute on PostgreSQL, and stops when the app closes',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const { app, close } = appWithCloseHooks();
        await openRateLimitStorage(undefined, database, app);
        const ended = (key: string) => ({ key, hits: 1, resetsAt: new Date(Date.now() - 1000) });
        const keys = async () => (await database.db.select().from(rateLimits)).map((row) => row.key);
        await database.db.delete(rateLimits);
        await database.db.insert(rateLimits).values(ended('ended-before-a-minute'));
        vi.advanceTimersByTime(59_000);
        expect(await keys()).toEqual(['ended-before-a-minute']);
        vi.advanceTimersByTime(1_000);
        await expect.poll(keys).toEqual([]);

        await close();
        await database.db.insert(rateLimits).values(ended('ended-after-close'));
        vi.advanceTimersByTime(120_000);
        expect(await keys()).toEqual(['ended-after-close']);
        await database.db.delete(rateLimits);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});

describe.skipIf(redisMissing)(
  `the Redis store (REDIS_URL)${redisMissing ? ` — ${redisMissing}` : ''}`,
  () => {
    let redis: Awaited<ReturnType<typeof startRedis>>;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('counts one window across instances, each with its own connection', async () => {
      const storages = [
        await openRateLimitStorage(redis.url, database, appWithCloseHooks().app),
        await openRateLimitStorage(redis.url, database, appWithCloseHooks().app),
      ];
      expect(storages.map((storage) => storage.kind)).toEqual(['redis', 'redis']);
      const [one, two] = [await instance(storages[0]!.options), await instance(storages[1]!.options)];
      expect([await hit(one), await hit(two), await hit(one), await hit(two)]).toEqual([200, 200, 200, 429]);
      expect(await hit(one, '/other')).toBe(200);
      await Promise.all([one.close(), two.close()]);
      await Promise.all(storages.map((storage) => storage.close()));
    });

    it('refuses limited calls with 503 and Retry-After while Redis is down (never lets them through uncounted, never a 500), and counts again after', async () => {
      const { app: host, log } = appWithCloseHooks();
      const storage = await openRateLimitStorage(redis.url, database, host);
      const app = Fastify();
      registerErrorHandlers(app);
      await app.register(rateLimit, { global: false, ...storage.options });
      app.get('/outage', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
        ok: true,
      }));
      await app.ready();
      expect(await hit(app, '/outage')).toBe(200);

      await redis.stop();
      const during = await app.inject({ method: 'GET', url: '/outage' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toEqual({ success: false, message: 'Service temporarily unavailable' });
      expect(await hit(app, '/outage')).toBe(503);
      // One line for the outage, not one per reconnect attempt.
      expect(log.error.mock.calls.map(([, message]) => message)).toEqual([
        'redis (rate limits) unreachable: rate-limited calls answer 503 until it is back',
      ]);

      redis = await startRedis(redis.port);
      await expect.poll(() => hit(app, '/outage'), { timeout: 10_000, interval: 200 }).toBe(200);
      // A fresh server has forgotten the old count: that was 1 of 2, so one more, then the limit.
      expect([await hit(app, '/outage'), await hit(app, '/outage')]).toEqual([200, 429]);
      await app.close();
      await storage.close();
    });

    it('refuses to start when REDIS_URL answers nothing', async () => {
      await expect(
        openRateLimitStorage('redis://127.0.0.1:1', database, appWithCloseHooks().app),
      ).rejects.toThrow('REDIS_URL: cannot connect to redis://127.0.0.1:1');
    });
  },
);
