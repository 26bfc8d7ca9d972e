import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/** The driver call of one SQL statement, as drizzle runs it. */
type RunQuery = () => Promise<unknown>;
/** Runs `run` (it must, exactly once) and may time it or put it in a span. */
export type QueryWrapper = (sqlText: string, run: RunQuery) => Promise<unknown>;

type QueryWithCache = (this: unknown, sqlText: string, params: unknown[], run: RunQuery) => Promise<unknown>;

const wrappers = new Set<QueryWrapper>();
let hooked = false;

/**
 * Every statement the api sends passes through drizzle's `PgPreparedQuery.queryWithCache`, whichever the
 * driver (postgres.js or PGlite), inside a transaction or not. No OpenTelemetry or metrics instrumentation
 * exists for either driver (the `pg` one does not apply), and drizzle 0.45's own tracing hooks are never
 * switched on, so query time and SQL spans are taken here, at that one place. It is an internal method:
 * if a drizzle upgrade renames it, the api refuses to start with metrics or tracing on, rather than
 * silently reporting nothing (api/test/metrics.test.ts fails too).
 *
 * Process-wide, like the statements it sees: with no wrapper added, a query costs one Set size check.
 */
function hookDrizzle() {
  if (hooked) return;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache?: QueryWithCache };
  const original = prototype.queryWithCache;
  if (typeof original !== 'function')
    throw new Error(
      'drizzle-orm no longer has PgPreparedQuery.queryWithCache: update api/src/observability/sql-hook.ts',
    );
  prototype.queryWithCache = function (sqlText, params, run) {
    if (wrappers.size === 0) return original.call(this, sqlText, params, run);
    let wrapped = run;
    for (const wrapper of wrappers) {
      const inner = wrapped;
      wrapped = () => wrapper(sqlText, inner);
    }
    return original.call(this, sqlText, params, wrapped);
  };
  hooked = true;
}

/** Runs `wrapper` around every SQL statement of this process from now on; the returned call stops it. */
export function wrapQueries(wrapper: QueryWrapper): () => void {
  hookDrizzle();
  wrappers.add(wrapper);
  return () => {
    wrappers.delete(wrapper);
  };
}

const OPERATIONS = new Set(['select', 'insert', 'update', 'delete', 'with']);

/** The statement's first word (select, insert, update, delete, with) or other: a label of few values. */
export function operationOf(sqlText: string): string {
  const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? '';
  return OPERATIONS.has(word) ? word : 'other';
}
