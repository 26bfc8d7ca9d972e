// The embedded database (PGlite) runs PostgreSQL in single-user mode: no autovacuum ever visits its tables
// (`show autovacuum` answers `on`; nothing runs it). A page written once is then never marked all-visible
// again, so the product list's index-only reads visit the table for it, and the statistics its plans are
// made from are never gathered again. Measured on PGlite: an index-only count of 2,180 rows in a table with
// 1% of its rows updated, 6.97 ms; after `vacuum analyze` (69 ms at 220,000 rows), 0.48 ms. This does for
// the tables the list reads what migration 0027 asks of autovacuum on PostgreSQL.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** The tables the product list reads index-only (migrations 0023-0027). */
export const UPKEPT_TABLES = [
  'products',
  'product_words',
  'product_word_pairs',
  'catalog_price_bands',
  'catalog_words',
] as const;

/** How often the tables are looked at: autovacuum's own nap on PostgreSQL. */
const UPKEEP_MS = 60_000;

/** 0027's thresholds: 50 rows and 1% of the table changed (dead, added or modified since the last visit). */
const isDue = (row: { changed: number; live: number }) => row.changed > 50 + 0.01 * row.live;

/**
 * Vacuums and analyzes each of `UPKEPT_TABLES` whose rows changed past 0027's thresholds since its last
 * visit, one at a time (the embedded database runs one statement at a time: the lists wait for each, tens
 * of milliseconds when only the pages written since are read). Answers the tables visited.
 */
export async function upkeepEmbeddedTables(db: Db): Promise<string[]> {
  // A session's counts reach `pg_stat_user_tables` only when it reports them, which the embedded database's
  // one session does lazily: the statement after this one sees them all.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = rowsOf<{ table: string; changed: number; live: number }>(
    await db.execute(sql`select relname as table, n_live_tup::float8 as live,
        (n_dead_tup + n_ins_since_vacuum + n_mod_since_analyze)::float8 as changed
      from pg_stat_user_tables where relname in ${UPKEPT_TABLES} order by relname`),
  );
  const due = tables.filter(isDue).map((row) => row.table);
  for (const table of due) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return due;
}

/** Runs `upkeepEmbeddedTables` every minute until the app closes; a failure is logged and tried again. */
export function scheduleEmbeddedUpkeep(
  app: { log: FastifyBaseLogger; addHook(hook: 'onClose', run: () => Promise<void>): unknown },
  db: Db,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    upkeepEmbeddedTables(db)
      .then((visited) => {
        if (visited.length) app.log.info({ tables: visited }, 'embedded database vacuumed');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'embedded database upkeep failed'))
      .finally(() => (running = false));
  }, UPKEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
