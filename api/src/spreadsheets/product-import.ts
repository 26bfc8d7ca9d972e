import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import {
  MAX_IMPORT_ROWS,
  MAX_LISTED_BAD_ROWS,
  PRODUCT_CSV_COLUMNS,
  productCsvRowSchema,
  toPaise,
  type BadCsvRow,
  type ProductCsvColumn,
} from '@shop/shared-api/schemas';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { recordAdminChanges, type AdminChange } from '../audit/audit-trail.ts';
import { productAuditFields } from '../catalog/product-view.ts';
import {
  insertProductsInBatches,
  lockProductsById,
  updateProductsInBatches,
  type ExportedProduct,
  type ProductFields,
} from './spreadsheet-repository.ts';
import { unescapeCell } from './csv-cells.ts';

/** The columns a file must have; `id` (blank or absent: create) and `description` may be left out. */
const REQUIRED_COLUMNS: readonly ProductCsvColumn[] = ['name', 'price', 'category', 'stock'];
/** One row's bytes at most: a description is at most 5,000 characters (up to 4 bytes each). */
const MAX_ROW_BYTES = 64 * 1024;

/** A row that passed the schema: the product's fields, and the id it updates if any. */
export interface ImportRow {
  row: number;
  id: string | undefined;
  fields: ProductFields;
}

/** Why an import applies nothing: the file or some of its rows, each listed with its reason. */
export class ImportRefused extends Error {
  readonly badRows: BadCsvRow[];
  readonly badRowsCount: number;
  constructor(message: string, badRows: BadCsvRow[], badRowsCount = badRows.length) {
    super(message);
    this.badRows = badRows.slice(0, MAX_LISTED_BAD_ROWS);
    this.badRowsCount = badRowsCount;
  }
}

const reasonOf = (error: z.ZodError) =>
  error.issues
    .map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The header's columns by position, or why the file cannot be read by them. */
function columnsOf(header: string[]): ProductCsvColumn[] {
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  const doubled = names.filter((name, index) => names.indexOf(name) !== index);
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  const problems = [
    ...(unknown.length
      ? [
          `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name.slice(0, 40)}"`).join(', ')}`,
        ]
      : []),
    ...(doubled.length ? [`column ${doubled.map((name) => `"${name}"`).join(', ')} given twice`] : []),
    ...(missing.length ? [`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`] : []),
  ];
  if (problems.length)
    throw new ImportRefused(
      `The header row does not name the products columns (${PRODUCT_CSV_COLUMNS.join(', ')}): nothing was imported`,
      [{ row: 1, reason: problems.join('; ') }],
    );
  return names as ProductCsvColumn[];
}

/**
 * Reads a products CSV as it arrives (header first, then one row at a time) and checks every row with the
 * shared product schema; answers the rows once the whole file is read and every row passed. Otherwise it
 * throws ImportRefused listing each bad row (rows are numbered as a spreadsheet shows them, the header
 * being row 1) and why: a malformed file stops the reading where it breaks.
 */
export async function readProductCsv(body: Readable): Promise<ImportRow[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_BYTES,
  });
  body.on('error', (error) => parser.destroy(error));
  body.pipe(parser);
  const rows: ImportRow[] = [];
  const badRows: BadCsvRow[] = [];
  let badRowsCount = 0;
  const refuse = (row: number, reason: string) => {
    badRowsCount += 1;
    if (badRows.length < MAX_LISTED_BAD_ROWS) badRows.push({ row, reason });
  };
  const seenIds = new Map<string, number>();
  let columns: ProductCsvColumn[] | undefined;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (row - 1 > MAX_IMPORT_ROWS)
        throw new HttpError(
          413,
          `body: an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split the file`,
        );
      if (record.length !== columns.length) {
        refuse(row, `expected ${plural(columns.length, 'cell')} as in the header, found ${record.length}`);
        continue;
      }
      const unstorable = columns.find((_column, index) => record[index]!.includes('\u0000'));
      if (unstorable) {
        refuse(row, `${unstorable}: contains a NUL character, which cannot be stored`);
        continue;
      }
      const cells: Record<string, string> = Object.create(null);
      columns.forEach((column, index) => (cells[column] = unescapeCell(record[index]!)));
      const parsed = productCsvRowSchema.safeParse(cells);
      if (!parsed.success) {
        refuse(row, reasonOf(parsed.error));
        continue;
      }
      const { id, name, price, description, category, stock } = parsed.data;
      if (id) {
        const first = seenIds.get(id);
        if (first !== undefined) {
          refuse(row, `id: product ${id} is already on row ${first}`);
          continue;
        }
        seenIds.set(id, row);
      }
      rows.push({ row, id, fields: { name, pricePaise: toPaise(price), description, category, stock } });
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = (error as CsvError & { records?: number }).records ?? row;
    refuse(at + 1, `not readable as CSV: ${error.message.replace(/^Invalid Record Length: |^Invalid /, '')}`);
    throw new ImportRefused(
      `The file is not valid CSV from row ${at + 1}: nothing was imported`,
      badRows,
      badRowsCount,
    );
  }
  if (badRowsCount)
    throw new ImportRefused(
      `${plural(badRowsCount, 'row')} cannot be imported: nothing was imported`,
      badRows,
      badRowsCount,
    );
  if (!rows.length)
    throw new ImportRefused('The file has no product rows under its header: nothing was imported', []);
  return rows;
}

const sameFields = (row: ProductFields, other: ProductFields) =>
  row.name === other.name &&
  Number(row.pricePaise) === Number(other.pricePaise) &&
  row.description === other.description &&
  row.category === other.category &&
  row.stock === other.stock;

/** Rows one step of the write handles: locked, compared, written and recorded together. */
const APPLY_BATCH = 1000;

/**
 * Applies checked rows in one transaction: rows with an id update that product (locked first, in id
 * order, as every writer of several products locks them), rows without create one; a row identical to its
 * product writes nothing. Every product created or changed gets its own audit entry (`catalog.import`, the
 * changed fields before and after) in the same transaction, so the Activity screen finds an imported price
 * change under that product like any other write. The work goes a batch of rows at a time (read, compare,
 * write, record), so only one batch of stored rows and entries is in memory at once. An id that names no
 * product refuses the whole file: the transaction is rolled back, nothing written.
 */
export async function applyProductImport(db: Db, actor: Pick<UserRow, 'id' | 'email'>, rows: ImportRow[]) {
  return db.transaction(async (tx) => {
    const updates = rows
      .filter((row): row is ImportRow & { id: string } => row.id !== undefined)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const unknown: BadCsvRow[] = [];
    let updated = 0;
    for (let start = 0; start < updates.length; start += APPLY_BATCH) {
      const batch = updates.slice(start, start + APPLY_BATCH);
      const existing = await lockProductsById(
        tx,
        batch.map((row) => row.id),
      );
      const changed: ExportedProduct[] = [];
      const entries: AdminChange[] = [];
      for (const row of batch) {
        const before = existing.get(row.id);
        if (!before) {
          unknown.push({ row: row.row, reason: `id: no product has the id ${row.id}` });
          continue;
        }
        if (sameFields(before, row.fields)) continue;
        changed.push({ id: row.id, ...row.fields });
        entries.push({
          actor,
          action: 'catalog.import',
          targetId: row.id,
          before: productAuditFields(before),
          after: productAuditFields({ ...before, ...row.fields }),
        });
      }
      if (unknown.length) continue;
      await updateProductsInBatches(tx, changed);
      await recordAdminChanges(tx, entries);
      updated += changed.length;
    }
    if (unknown.length)
      throw new ImportRefused(
        `${plural(unknown.length, 'row')} name${unknown.length === 1 ? 's' : ''} a product that does not exist: nothing was imported`,
        unknown.sort((a, b) => a.row - b.row),
      );
    const creates = rows.filter((row) => row.id === undefined);
    for (let start = 0; start < creates.length; start += APPLY_BATCH) {
      const created = await insertProductsInBatches(
        tx,
        creates.slice(start, start + APPLY_BATCH).map((row) => row.fields),
      );
      await recordAdminChanges(
        tx,
        created.map((product) => ({
          actor,
          action: 'catalog.import' as const,
          targetId: product.id,
          before: null,
          after: productAuditFields({ ...product, images: [] }),
        })),
      );
    }
    return { created: creates.length, updated, unchanged: updates.length - updated };
  });
}
