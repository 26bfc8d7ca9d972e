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
//
// The text is also built and compiled once per shape (catalog/list-shape.ts): drizzle's compile walks every
// chunk of the statement, which for the list's two was ~85 µs a list timed alone, and a third of the api's
// CPU a list under load (docs/performance.md).
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();

type CompiledStatement = ReturnType<PgDialect['sqlToQuery']>;

/**
 * The statements compiled so far, by name and shape. The product list has a few hundred shapes at most
 * (filters asked, how each count is made, order, end read from); past this bound a statement is compiled
 * for each call, as before, so that no caller's mistake grows it without end.
 */
const compiledByShape = new Map<string, CompiledStatement>();
export const MOST_SHAPES_COMPILED = 2_000;

/** How many statements have been compiled and kept, one a name and shape. */
export const compiledStatementCount = () => compiledByShape.size;

/**
 * The statement of `shape` (`build()`, compiled once a shape: its values are placeholders) run with
 * `values` as a prepared statement, through drizzle's session (so the SQL metrics and spans of
 * observability/sql-hook.ts still see it). PGlite runs it as it runs any other. A placeholder the
 * statement holds with no value in `values` throws.
 */
export function executePrepared(
  db: DbOrTx,
  name: string,
  shape: object,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  const key = `${name} ${JSON.stringify(shape)}`;
  let statement = compiledByShape.get(key);
  if (!statement) {
    statement = dialect.sqlToQuery(build());
    if (compiledByShape.size < MOST_SHAPES_COMPILED) compiledByShape.set(key, statement);
  }
  return db._.session.prepareQuery(statement, undefined, name, false).execute(values);
}
