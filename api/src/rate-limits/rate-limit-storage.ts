import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { repeatUntilClose, type RoundHost } from '../background/repeat-until-close.ts';
import { StartupRefusal } from '../config/config-problems.ts';
import type { Database } from '../db/client.ts';
import { postgresRateLimitStore, sweepExpired } from './postgres-store.ts';
import { redisRateLimitStore } from './redis-store.ts';

/** Ended windows are deleted this often by each instance (one indexed delete). */
const SWEEP_MS = 60_000;

export interface RateLimitStorage {
  kind: 'redis' | 'postgres' | 'memory';
  /** Spread into @fastify/rate-limit's options. */
  options: Pick<RateLimitPluginOptions, 'store'>;
  /** Readiness: resolves when the counters answer (Redis: PING); the database's own check covers PostgreSQL. */
  check(): Promise<void>;
  /** Closes the Redis connection; PostgreSQL's sweep stops with the app itself. */
  close(): Promise<void>;
}

/**
 * Where request counters live. Several instances must count together, so on PostgreSQL they go to the
 * shared database, or to Redis when REDIS_URL names one (cheaper per request); only the embedded PGlite
 * demo, a single process by construction, counts in memory.
 */
export async function openRateLimitStorage(
  redisUrl: string | undefined,
  database: Database,
  app: RoundHost,
): Promise<RateLimitStorage> {
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
    // ioredis reconnects by itself, retrying every few hundred milliseconds: an outage is logged once, not
    // once per attempt. Meanwhile limited calls answer 503 with Retry-After rather than go through uncounted.
    let down = false;
    redis.on('error', (error) => {
      if (!down)
        app.log.error(
          { err: error },
          'redis (rate limits) unreachable: rate-limited calls answer 503 until it is back',
        );
      down = true;
    });
    redis.on('ready', () => (down = false));
    // Connected now, so a wrong REDIS_URL stops the start instead of failing the first login.
    await redis.connect().catch((error: unknown) => {
      redis.disconnect();
      const reason = error instanceof Error ? error.message : String(error);
      // The password, if the url has one, stays out of the log.
      const where = redisUrl.replace(/\/\/[^@/]*@/, '//…@');
      throw new StartupRefusal([`REDIS_URL: cannot connect to ${where} (${reason})`]);
    });
    return {
      kind: 'redis',
      options: { store: redisRateLimitStore(redis, 'shop-rate-limit-', () => down) },
      check: async () => {
        if (down) throw new Error('redis is reconnecting');
        await redis.ping();
      },
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (database.kind === 'postgres') {
    repeatUntilClose(app, SWEEP_MS, 'rate limit sweep failed', () => sweepExpired(database.db));
    return {
      kind: 'postgres',
      options: { store: postgresRateLimitStore(database.db) },
      check: async () => {},
      close: async () => {},
    };
  }
  return { kind: 'memory', options: {}, check: async () => {}, close: async () => {} };
}
