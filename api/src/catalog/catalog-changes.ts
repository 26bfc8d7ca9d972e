import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AnswerCache } from '../http/answer-cache.ts';

/** The PostgreSQL channel every instance's catalog writes are announced on. */
export const CATALOG_CHANNEL = 'shop_catalog_changed';

/** The most products one notice names (NOTIFY's payload holds under 8,000 bytes); more: "anything". */
const MOST_PRODUCTS_NAMED = 250;

/**
 * A notice's payload: the sending instance, then the products the change named, if any
 * (`<instance> <id>,<id>`). An instance from before the products were sent finds its own id no more often
 * (never), so it clears everything, as it did.
 */
const noticeOf = (instance: string, products: readonly string[] | undefined) =>
  products?.length && products.length <= MOST_PRODUCTS_NAMED ? `${instance} ${products.join(',')}` : instance;

function readNotice(payload: string): { sender: string; products: string[] | undefined } {
  const [sender = '', named] = payload.split(' ');
  return { sender, products: named ? named.split(',') : undefined };
}

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
    (payload) => {
      const { sender, products } = readNotice(payload);
      if (sender !== instance) cache.invalidate(products);
    },
    () => cache.invalidate(),
  );
  return {
    cache: {
      getOrCompute: (key, compute, asked) => cache.getOrCompute(key, compute, asked),
      onInvalidate: (listener) => cache.onInvalidate(listener),
      invalidate(products) {
        cache.invalidate(products);
        notifications
          .notify(CATALOG_CHANNEL, noticeOf(instance, products))
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
