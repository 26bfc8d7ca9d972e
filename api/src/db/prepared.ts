// Statements PostgreSQL parses once per connection (issue 27). drizzle's `db.execute(sql)` sends a
// statement unnamed: parsed and planned on every call, which for the product list's two statements was a
// third of the database's time per statement (0.19 ms parsing and 0.47 ms planning for 1.05 ms running,
// measured at 1,000,000 products). Named, postgres.js prepares it once per connection and statement text,
// and PostgreSQL may keep its plan (a generic plan when it is not costlier than the custom ones).
//
// So the text must hold no value, only placeholders: a statement per page or price would grow every
// connection's memory without end (api/test/prepared-statements.test.ts counts them). postgres.js forgets
// its statements when a connection closes and prepares again when a migration changed a table under them.
// A PgBouncer in transaction mode in front needs its prepared-statement support (1.21+).
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();

/**
 * `db.execute(query)` as a prepared statement, through drizzle's session (so the SQL metrics and spans of
 * observability/sql-hook.ts still see it). PGlite runs it as it runs any other.
 */
export function executePrepared(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
