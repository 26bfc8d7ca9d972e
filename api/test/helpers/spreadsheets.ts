import { expect } from 'vitest';
import { asc } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_CSV_COLUMNS } from '@shop/shared-api/schemas';
import { adminActivity, products } from '../../src/db/schema.ts';
import type { UsedTestApp } from './test-app.ts';
import type { SignedIn } from './shop.ts';

// What the admin's spreadsheet tests (exports, the products import) write and read.

export const BOM = '\uFEFF';
export const csvOf = (rows: (string | number)[][]) => stringify(rows, { record_delimiter: 'windows' });
export const productHeader = [...PRODUCT_CSV_COLUMNS];

/** An answer's CSV as records keyed by its header (the BOM checked and dropped). */
export function recordsOf(body: string): Record<string, string>[] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body.slice(BOM.length), { columns: true }) as Record<string, string>[];
}

/** The import's call, and what a refused import must leave as it was, on the test app `t`. */
export function spreadsheetShop(t: UsedTestApp) {
  const importCsv = (csv: string, as: SignedIn | undefined = t.admin) =>
    t.request('POST', '/admin/products/import', {
      ...(as ? { as } : {}),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
  const entryCount = async () => (await t.app.shop.db.$count(adminActivity)) as number;
  /** Every product's stored fields, and the audit trail's size. */
  async function catalogState() {
    const rows = await t.app.shop.db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        description: products.description,
        category: products.category,
        stock: products.stock,
      })
      .from(products)
      .orderBy(asc(products.id));
    return { rows, entries: await entryCount() };
  }
  return { importCsv, entryCount, catalogState };
}
