import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { rowsOf } from '../src/db/rows.ts';
import { freshDatabase } from './helpers/fresh-database.ts';
import { UPKEPT_TABLES } from '../src/db/embedded-upkeep.ts';

// The migrations are written by hand since 0006 (triggers, partial and covering indexes), so nothing but
// this test holds the tables the api's code is typed against (src/db/tables/) to the database the
// migrations make: a column added to one and not the other compiles, and fails only when a request uses it.

const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table));

interface MigratedColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
}

/** drizzle's name for a column's type, as PostgreSQL's `format_type` writes it. */
const asPostgresType = (type: string) => type.replace(/^char\((\d+)\)$/, 'character($1)');

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let migrated: MigratedColumn[];

beforeAll(async () => {
  fresh = await freshDatabase();
  migrated = rowsOf<MigratedColumn>(
    await fresh.database.db.execute(sql`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
             a.attnotnull as not_null
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`),
  );
});

afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

describe('the tables in the code are the tables the migrations make', () => {
  it('finds the schema’s tables', () => {
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['users', 'products', 'orders', 'invoices', 'carts', 'admin_activity']),
    );
  });

  it.each(tables.map((table) => [table.name, table] as const))(
    '%s: the same columns, of the same types and nullability',
    (name, table) => {
      const inDatabase = migrated
        .filter((column) => column.table === name)
        .map(({ column, type, not_null }) => ({ column, type, notNull: not_null }))
        .sort((a, b) => a.column.localeCompare(b.column));
      const inCode = table.columns
        .map((column) => ({
          column: column.name,
          type: asPostgresType(column.getSQLType()),
          // A primary key is not null whether or not the code says so.
          notNull:
            column.notNull || column.primary || table.primaryKeys.some((key) => key.columns.includes(column)),
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      expect(inDatabase).toEqual(inCode);
    },
  );
});

describe('the tables the product list reads index-only', () => {
  // Only VACUUM marks a page all-visible; until then an index-only read visits the table too. By default
  // autovacuum waits for a fifth of a table to change: at a million products, 400,000 imported (0027,
  // 0028).
  it('are vacuumed after 1% of their rows change or arrive, and analyzed after 2%', async () => {
    const options = rowsOf<{ table: string; options: string[] | null }>(
      await fresh.database.db.execute(sql`select relname as table, reloptions as options from pg_class
        where relname in ${UPKEPT_TABLES} order by relname`),
    );
    expect(options).toHaveLength(UPKEPT_TABLES.length);
    for (const { table, options: set } of options)
      expect(set, table).toEqual(
        expect.arrayContaining([
          'autovacuum_vacuum_scale_factor=0.01',
          'autovacuum_vacuum_insert_scale_factor=0.01',
          'autovacuum_analyze_scale_factor=0.02',
        ]),
      );
  });
});
