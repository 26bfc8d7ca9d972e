import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { HttpError } from '../http/errors.ts';
import { UNAVAILABLE_MESSAGE } from '../http/error-handler.ts';

/** Seconds a client is told to wait while Redis is away (ioredis reconnects within about two). */
export const REDIS_RETRY_AFTER_S = 5;

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** The plugin's own Redis store (its Lua scripts, its key layout), which it does not export by type. */
interface PluginRedisStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(options: object): PluginRedisStore;
}
type PluginRedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => PluginRedisStore;
const RedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as PluginRedisStoreCtor;

/** A limited call while the counters cannot be reached: the caller may retry, nothing went through uncounted. */
export const rateLimitsUnavailable = (cause?: unknown) =>
  new HttpError(503, UNAVAILABLE_MESSAGE, { cause, retryAfterSeconds: REDIS_RETRY_AFTER_S });

/**
 * @fastify/rate-limit's Redis store, with one change: when Redis cannot be reached, a limited call answers
 * 503 with Retry-After (the plugin passes a store's error on as it is, which would be a 500), and while
 * the connection is known to be down it answers at once instead of waiting for ioredis's retries.
 * Letting calls through uncounted instead (the plugin's `skipOnError`) would open logins to guessing
 * during every Redis outage.
 */
export function redisRateLimitStore(
  redis: Redis,
  nameSpace: string,
  isDown: () => boolean,
): FastifyRateLimitStoreCtor {
  const guard =
    (done: Done): Done =>
    (error, result) =>
      error ? done(rateLimitsUnavailable(error)) : done(null, result);

  class ShopRedisStore implements FastifyRateLimitStore {
    private readonly inner: PluginRedisStore;

    constructor(options: object = {}, inner?: PluginRedisStore) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      this.inner = inner ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
    }

    incr(key: string, done: Done, timeWindow: number, max: number) {
      if (isDown()) return done(rateLimitsUnavailable());
      this.inner.incr(key, guard(done), timeWindow, max);
    }

    read(key: string, done: Done, timeWindow: number, max: number) {
      if (isDown()) return done(rateLimitsUnavailable());
      this.inner.read(key, guard(done), timeWindow, max);
    }

    child(options: object) {
      return new ShopRedisStore(options, this.inner.child(options));
    }
  }
  return ShopRedisStore as unknown as FastifyRateLimitStoreCtor;
}
