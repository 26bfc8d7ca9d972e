import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AnswerCache } from '../http/answer-cache.ts';

/** The PostgreSQL channel every instance's catalog writes are announced on. */
export const CATALOG_CHANNEL = 'shop_catalog_changed';

/**
 * Makes one instance's catalog cache follow every instance's writes on a shared PostgreSQL: each local
 * invalidation is NOTIFYed (after the write committed: callers invalidate after their transaction), and
 * a NOTIFY from another instance clears this one's answers. A lost notification (the listening connection
 * dropped) is covered twice: reconnecting clears the cache, and no answer outlives CATALOG_CACHE_MS.
 * On PGlite (one instance) the cache is returned as it is.
 */
export async function shareCatalogChanges(
  cache: AnswerCache,
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ cache: AnswerCache; close(): Promise<void> }> {
  const notifications = database.notifications;
  if (!notifications) return { cache, close: async () => {} };
  // Our own notifications come back to us too: the local invalidation already happened.
  const instance = randomUUID();
  const subscription = await notifications.listen(
    CATALOG_CHANNEL,
    (sender) => {
      if (sender !== instance) cache.invalidate();
    },
    () => cache.invalidate(),
  );
  return {
    cache: {
      getOrCompute: (key, compute) => cache.getOrCompute(key, compute),
      onInvalidate: (listener) => cache.onInvalidate(listener),
      invalidate(products) {
        cache.invalidate(products);
        notifications
          .notify(CATALOG_CHANNEL, instance)
          .catch((error: unknown) =>
            log.error(
              { err: error },
              'catalog change not announced: other instances catch up within CATALOG_CACHE_MS',
            ),
          );
      },
    },
    // The app may have closed the database first, which ends the listening connection anyway.
    close: () => subscription.unlisten().catch(() => {}),
  };
}
