import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { products, type ProductRow, type StoredOrderItem } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { rowsOf } from '../db/rows.ts';

/** Rows one export query reads: a few hundred KB at a time, whatever the size of the shop. */
export const EXPORT_BATCH = 2000;
/** Products one import statement writes: 6 parameters each, well under PostgreSQL's 65,535. */
const WRITE_BATCH = 1000;

export type ProductFields = Pick<ProductRow, 'name' | 'pricePaise' | 'description' | 'category' | 'stock'>;
export type ExportedProduct = ProductFields & { id: string };

/**
 * Every product in id order, a batch at a time (keyset: each batch starts after the last id of the one
 * before, on the primary key's index), so an export holds one batch in memory and never a transaction
 * open while the browser downloads.
 */
export async function* productsInBatches(db: DbOrTx): AsyncGenerator<ExportedProduct[]> {
  let after = '';
  for (;;) {
    const batch = await db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        description: products.description,
        category: products.category,
        stock: products.stock,
      })
      .from(products)
      .where(after ? gt(products.id, after) : undefined)
      .orderBy(asc(products.id))
      .limit(EXPORT_BATCH);
    if (batch.length) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

export interface ExportedOrder {
  id: string;
  /** ISO 8601 in UTC, milliseconds. */
  placedAt: string;
  email: string;
  orderStatus: string;
  paymentStatus: string;
  paymentMethod: string;
  items: StoredOrderItem[];
  itemsPaise: number;
  taxPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/**
 * The orders placed from `from` (inclusive) to `to` (exclusive), oldest first, a batch at a time. The
 * keyset is the creation time as the database's own text (microseconds: a JavaScript Date would round
 * them and skip or repeat an order) and the id.
 */
export async function* ordersInBatches(
  db: DbOrTx,
  range: { from?: string | undefined; to?: string | undefined },
): AsyncGenerator<ExportedOrder[]> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const conditions = [
      range.from ? sql`o.created_at >= ${range.from}::timestamptz` : undefined,
      range.to ? sql`o.created_at < ${range.to}::timestamptz` : undefined,
      after ? sql`(o.created_at, o.id) > (${after.at}::timestamptz, ${after.id})` : undefined,
    ].filter((condition) => condition !== undefined);
    const result = await db.execute(sql`
      select o.id, o.created_at::text as at_key,
        to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as placed_at,
        u.email, o.order_status, o.payment_status, o.payment_method, o.order_items,
        o.items_paise::float8 as items_paise, o.tax_paise::float8 as tax_paise,
        o.shipping_paise::float8 as shipping_paise, o.total_paise::float8 as total_paise
      from orders o join users u on u.id = o.user_id
      where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
      order by o.created_at, o.id
      limit ${EXPORT_BATCH}`);
    const rows = rowsOf<{
      id: string;
      at_key: string;
      placed_at: string;
      email: string;
      order_status: string;
      payment_status: string;
      payment_method: string;
      order_items: StoredOrderItem[] | string;
      items_paise: number;
      tax_paise: number;
      shipping_paise: number;
      total_paise: number;
    }>(result);
    if (rows.length)
      yield rows.map((row) => ({
        id: row.id,
        placedAt: row.placed_at,
        email: row.email,
        orderStatus: row.order_status,
        paymentStatus: row.payment_status,
        paymentMethod: row.payment_method,
        items: typeof row.order_items === 'string' ? JSON.parse(row.order_items) : row.order_items,
        itemsPaise: Number(row.items_paise),
        taxPaise: Number(row.tax_paise),
        shippingPaise: Number(row.shipping_paise),
        totalPaise: Number(row.total_paise),
      }));
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at_key, id: last.id };
  }
}

/**
 * The products with these ids, locked for the rest of the transaction (in id order, as every other
 * writer of several products locks them), read a batch at a time.
 */
export async function lockProductsById(tx: Tx, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  const sorted = [...ids].sort();
  for (let start = 0; start < sorted.length; start += WRITE_BATCH) {
    const rows = await tx
      .select()
      .from(products)
      .where(inArray(products.id, sorted.slice(start, start + WRITE_BATCH)))
      .orderBy(asc(products.id))
      .for('update');
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Sets the fields of these products, a batch a statement (`update … from (values …)`). */
export async function updateProductsInBatches(tx: Tx, changes: readonly ExportedProduct[]): Promise<void> {
  for (let start = 0; start < changes.length; start += WRITE_BATCH) {
    const values = changes
      .slice(start, start + WRITE_BATCH)
      .map(
        (row) =>
          sql`(${row.id}::char(24), ${row.name}::text, ${row.pricePaise}::bigint, ${row.description}::text, ${row.category}::text, ${row.stock}::integer)`,
      );
    await tx.execute(sql`
      update products set name = v.name, price_paise = v.price_paise, description = v.description,
        category = v.category, stock = v.stock
      from (values ${sql.join(values, sql`, `)}) as v(id, name, price_paise, description, category, stock)
      where products.id = v.id`);
  }
}

/** Creates these products (no pictures), a batch a statement; answers them with their new ids. */
export async function insertProductsInBatches(
  tx: Tx,
  fields: readonly ProductFields[],
): Promise<ExportedProduct[]> {
  const created = fields.map((row) => ({ id: newId(), ...row }));
  for (let start = 0; start < created.length; start += WRITE_BATCH) {
    await tx.insert(products).values(created.slice(start, start + WRITE_BATCH));
  }
  return created;
}
