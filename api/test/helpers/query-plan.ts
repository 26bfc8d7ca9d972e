import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';

/**
 * PostgreSQL's plan for `query` as text, with the planner settings named in `disabled` (`enable_seqscan`,
 * ...) turned off for it alone: a test database is small enough that a scan of everything is cheapest,
 * where a real shop's statistics make it the last resort.
 */
export function planOf(db: Db, disabled: readonly string[], query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    for (const setting of disabled) await tx.execute(sql.raw(`set local ${setting} = off`));
    const result = await tx.execute(sql`explain ${query}`);
    return rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
}
