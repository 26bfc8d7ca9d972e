// How the bench loads a large catalog into a database no server is using (issue 27's "a million in under
// a minute"): the loaded tables' secondary indexes are dropped, the rows go in with one statement (the
// triggers still keep the counts and the names' words), then each index is built again by one sort, as
// pg_restore does. Kept up row by row, the seven B-trees and the trigram index of `products` and the four
// of `product_words` made the seed of 1,000,000 products take 97-104 s on PostgreSQL; built after the
// rows, 42 s, and packed (database 2,165 -> 1,743 MB, the size a restored or freshly imported shop has).
// Dropping an index takes the table's exclusive lock: never against a shop that is serving.

/** A statement run inside the caller's transaction, answering its rows. */
export type RunStatement = (statement: string) => Promise<readonly Record<string, unknown>[]>;

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Runs `insertSql` with the secondary indexes of `tables` (all but those backing a key or a constraint)
 * dropped, and builds them again, the same definitions, afterwards. Run it in one transaction: if the
 * insert fails, the indexes come back with the rollback.
 */
export async function loadInBulk(run: RunStatement, tables: readonly string[], insertSql: string) {
  for (const table of tables) if (!TABLE_NAME.test(table)) throw new Error(`not a table name: ${table}`);
  const indexes = (await run(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid in (${tables.map((table) => `'${table}'::regclass`).join(', ')})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
  )) as { name: string; definition: string }[];
  for (const index of indexes) await run(`drop index ${index.name}`);
  await run(insertSql);
  // The sorts of the biggest builds (a million rows and more) fit in memory: for this transaction only.
  await run(`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await run(index.definition);
  return indexes.map((index) => index.name);
}
