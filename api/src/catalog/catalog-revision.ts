import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AnswerCache } from '../http/answer-cache.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The catalog's revision (`GET /catalog/revision`), kept in a PostgreSQL sequence (migration 0008) so that
 * every instance's writes move the same number: a cache in front of the api (the page server's rendered
 * pages) polls it and drops its pages when it moves, whichever instance wrote.
 *
 * Returns `cache` with an `invalidate()` that also takes the next revision. Only this instance's own writes
 * call it: another instance's write reaches this cache through LISTEN/NOTIFY (catalog-changes.ts), and
 * that instance has already moved the revision.
 */
export function countCatalogRevisions(cache: AnswerCache, db: Db, log: FastifyBaseLogger): AnswerCache {
  return {
    getOrCompute: (key, compute) => cache.getOrCompute(key, compute),
    onInvalidate: (listener) => cache.onInvalidate(listener),
    invalidate() {
      cache.invalidate();
      db.execute(sql`select nextval('catalog_revision')`).catch((error: unknown) =>
        log.error({ err: error }, 'catalog revision not moved: page caches keep pages until they expire'),
      );
    },
  };
}

/** The revision now: `last_value` needs no lock and no transaction. */
export async function readCatalogRevision(db: Db): Promise<number> {
  const result = await db.execute<{ last_value: string | number }>(
    sql`select last_value from catalog_revision`,
  );
  const rows = rowsOf<{ last_value: string | number }>(result);
  return Number(rows[0]?.last_value ?? 0);
}
