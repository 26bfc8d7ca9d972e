import { lt, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';

/**
 * Migration 0006 creates it by hand. It stays out of src/db/schema.ts on purpose: drizzle-kit would want a
 * snapshot for it, and nothing but this store ever reads it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** What @fastify/rate-limit hands a store and expects back (its callback contract). */
type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
interface RouteLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A fixed window per key, counted in one upsert so parallel requests on any instance each get their own
 * number. Windows are timed by the database's clock, so instances whose clocks differ still agree.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const expired = sql`${rateLimits.resetsAt} <= now()`;
  const window = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetsAt: window })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${expired} then ${window} else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({
      current: rateLimits.hits,
      ttl: sql<number>`ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000)::int`,
    });
  return { current: row!.current, ttl: Math.max(0, Number(row!.ttl)) };
}

/** The count without counting (`{ increment: false }`); an expired window reads as a clean one. */
export async function readHits(db: Db, key: string): Promise<Counted> {
  const [row] = await db
    .select({
      current: rateLimits.hits,
      ttl: sql<number>`ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000)::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetsAt} > now()`);
  return row ? { current: row.current, ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 };
}

/** Rows of windows that have ended; any instance may sweep them. */
export async function sweepExpired(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetsAt, sql`now()`));
}

/**
 * The `store` option of @fastify/rate-limit (a class it instantiates) over the rate_limits table. Each
 * route limit is a child whose keys carry the route, as the plugin's Redis store does.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: object = {}, prefix = '') {
      const { continueExceeding, exponentialBackoff } = options as RouteLimitOptions;
      // Only fixed windows: the shop sets neither, and the table has no room for a growing ban.
      if (continueExceeding || exponentialBackoff)
        throw new Error('the PostgreSQL rate-limit store counts fixed windows only');
      this.prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Done) {
      readHits(db, this.prefix + key).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      );
    }

    // The plugin hands children its merged limit options (routeInfo inside), not the route its types name.
    child(options: object) {
      const { method = '', url = '' } = (options as RouteLimitOptions).routeInfo ?? {};
      return new PostgresRateLimitStore(options, `${this.prefix}${String(method)}${url}|`);
    }
  };
}
