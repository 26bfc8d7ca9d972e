// The embedded database (PGlite) runs PostgreSQL in single-user mode: no autovacuum ever visits its tables
// (`show autovacuum` answers `on`; nothing runs it). A page written once is then never marked all-visible
// again, so the product list's index-only reads visit the table for it, and the statistics its plans are
// made from are never gathered again. Measured on PGlite: an index-only count of 2,180 rows in a table with
// 1% of its rows updated, 6.97 ms; after `vacuum analyze` (69 ms at 220,000 rows), 0.48 ms. This does for
// the tables the list reads what migration 0027 asks of autovacuum on PostgreSQL.
import { sql } from 'drizzle-orm';
import { repeatUntilClose, type BackgroundHost } from '../background/repeat-until-close.ts';
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

/** A table's own autovacuum setting `name` (0027's storage parameters), or else the server's. */
const settingOf = (name: string) => sql`coalesce(
  (select option_value from pg_options_to_table(c.reloptions) where option_name = ${name}),
  current_setting(${name}))::float8`;

/**
 * Which tables autovacuum would vacuum or analyze now, by its own rule: the rows changed since the last visit
 * against a base threshold plus a share of the table. The figures are read from the database, so 0027 stays
 * the one place they are written.
 */
const dueTables = sql`select s.relname as table,
    s.n_dead_tup > ${settingOf('autovacuum_vacuum_threshold')}
        + ${settingOf('autovacuum_vacuum_scale_factor')} * s.n_live_tup
      or s.n_ins_since_vacuum > ${settingOf('autovacuum_vacuum_insert_threshold')}
        + ${settingOf('autovacuum_vacuum_insert_scale_factor')} * s.n_live_tup as vacuum,
    s.n_mod_since_analyze > ${settingOf('autovacuum_analyze_threshold')}
        + ${settingOf('autovacuum_analyze_scale_factor')} * s.n_live_tup as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.relname in ${UPKEPT_TABLES} order by s.relname`;

/**
 * Vacuums (and analyzes) each of `UPKEPT_TABLES` past autovacuum's thresholds for it, and analyzes each
 * past only its analyze threshold, one at a time (the embedded database runs one statement at a time: the
 * lists wait for each, tens of milliseconds when only the pages written since are read). Answers the tables
 * visited.
 */
export async function upkeepEmbeddedTables(db: Db): Promise<string[]> {
  // A session's counts reach `pg_stat_user_tables` only when it reports them, which the embedded database's
  // one session does lazily: the statement after this one sees them all.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = rowsOf<{ table: string; vacuum: boolean; analyze: boolean }>(await db.execute(dueTables));
  const due = tables.filter((row) => row.vacuum || row.analyze);
  for (const row of due)
    await db.execute(sql.raw(`${row.vacuum ? 'vacuum (analyze)' : 'analyze'} ${row.table}`));
  return due.map((row) => row.table);
}

/** Runs `upkeepEmbeddedTables` every minute until the app closes; a failure is logged and tried again. */
export function scheduleEmbeddedUpkeep(app: BackgroundHost, db: Db): void {
  repeatUntilClose(app, UPKEEP_MS, 'embedded database upkeep failed', async () => {
    const visited = await upkeepEmbeddedTables(db);
    if (visited.length) app.log.info({ tables: visited }, 'embedded database vacuumed');
  });
}
