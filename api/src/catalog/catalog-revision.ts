import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AnswerCache } from '../http/answer-cache.ts';
import { rowsOf } from '../db/rows.ts';

/** How many revisions' changes are remembered; a cache further behind than that drops every page. */
export const REMEMBERED_CHANGES = 10_000;

/** The most changes one answer adds up before it says "anything" instead. */
const MOST_CHANGES_AT_ONCE = 1_000;

/**
 * The catalog's revision (`GET /catalog/revision`), kept in a PostgreSQL sequence (migration 0008) so that
 * every instance's writes move the same number, and what each revision changed (`catalog_changes`,
 * migration 0022): a cache in front of the api (the page server's rendered pages) polls it and drops the
 * changed products' pages and the lists, whichever instance wrote.
 *
 * Returns `cache` with an `invalidate(products)` that also takes the next revision and records its
 * products. Only this instance's own writes call it: another instance's write reaches this cache through
 * LISTEN/NOTIFY (catalog-changes.ts), and that instance has already moved the revision.
 */
export function countCatalogRevisions(cache: AnswerCache, db: Db, log: FastifyBaseLogger): AnswerCache {
  return {
    getOrCompute: (key, compute, asked) => cache.getOrCompute(key, compute, asked),
    onInvalidate: (listener) => cache.onInvalidate(listener),
    invalidate(products) {
      cache.invalidate(products);
      const changed = products ? JSON.stringify([...new Set(products)]) : null;
      // One statement: the revision and its row, and the oldest row past the ones remembered goes.
      db.execute(
        sql`with change as (
              insert into catalog_changes (revision, products)
              values (nextval('catalog_revision'), ${changed}::jsonb) returning revision)
            delete from catalog_changes where revision <= (select revision from change) - ${REMEMBERED_CHANGES}`,
      ).catch((error: unknown) =>
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

/**
 * The revision the changes are read up to and the products changed after `since`, or `products: null` when
 * that cannot be said for certain: a change of anything, more changes than one answer adds up, or a
 * revision with no row while a later one has its row (one no longer remembered, a write that failed, or
 * two writes committing out of order). Null costs the caller its whole cache, never a stale page.
 *
 * A write takes its revision from the sequence and records it in one statement just after its own commit,
 * so on PostgreSQL the sequence can be a revision or two ahead of the rows for a moment. Revisions past
 * the last row are answered as not yet happened (the answer's revision stops before them, and the caller
 * asks from there again), not as null: a poll that lands in that moment would otherwise cost a page
 * cache everything, or the list index a reload of the whole catalog. A write whose row never arrives is
 * seen as a gap (null) with the next write's row.
 */
export async function readCatalogChanges(
  db: Db,
  since: number | undefined,
): Promise<{ revision: number; products: string[] | null }> {
  const revision = await readCatalogRevision(db);
  if (since === undefined) return { revision, products: null };
  if (since === revision) return { revision, products: [] };
  // Behind the caller: another database (a restore into a fresh one): nothing the caller holds is known.
  if (since > revision) return { revision, products: null };
  if (revision - since > MOST_CHANGES_AT_ONCE) return { revision, products: null };
  const result = await db.execute<{ revision: string | number; products: string[] | null }>(
    sql`select revision, products from catalog_changes
        where revision > ${since} and revision <= ${revision} order by revision`,
  );
  const rows = rowsOf<{ revision: string | number; products: string[] | null }>(result);
  const products = new Set<string>();
  let readUpTo = since;
  for (const row of rows) {
    if (Number(row.revision) !== readUpTo + 1 || !row.products) return { revision, products: null };
    for (const id of row.products) products.add(id);
    readUpTo += 1;
  }
  return { revision: readUpTo, products: [...products] };
}
