import { eq, inArray, sql } from 'drizzle-orm';
import type { GstSettings } from '../config/api-config.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { invoiceCounters, invoices, products, type InvoiceRow, type OrderRow } from '../db/schema.ts';
import { financialYearOf, invoiceNumber } from './financial-year.ts';
import { invoiceDocumentOf } from './gst.ts';

/**
 * The next invoice number of `financialYear`, in the caller's transaction. The counter's row stays locked
 * until that transaction ends, so concurrent invoices take 1, 2, 3 … one after the other, and a
 * transaction that rolls back gives its number back: no number is used twice or skipped. (A database
 * sequence would be faster but leaves a gap for every rollback, which a GST invoice series may not have.)
 */
async function takeNextNumber(tx: Tx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row!.lastNumber;
}

/**
 * Issues the GST tax invoice of a paid order in the caller's transaction (the one that placed the order,
 * or marked a cash-on-delivery order paid), so the order is never paid without its invoice, nor an
 * invoice numbered for an order that was not. Call it last in the transaction: the counter is held from
 * here to the commit.
 */
export async function issueInvoice(
  tx: Tx,
  order: OrderRow,
  buyer: { name: string; email: string },
  gst: GstSettings,
  now = new Date(),
): Promise<InvoiceRow> {
  const missing = order.orderItems.filter((item) => !item.category).map((item) => item.product);
  const categories = new Map(
    missing.length
      ? (
          await tx
            .select({ id: products.id, category: products.category })
            .from(products)
            .where(inArray(products.id, missing))
        ).map((row) => [row.id, row.category])
      : [],
  );
  const document = invoiceDocumentOf({ order, buyer, categoryOf: (id) => categories.get(id) }, gst);
  const financialYear = financialYearOf(now);
  const sequence = await takeNextNumber(tx, financialYear);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber(gst.invoicePrefix, financialYear, sequence),
      orderId: order.id,
      financialYear,
      sequence,
      issuedAt: now,
      document,
    })
    .returning();
  return row!;
}

export async function findInvoiceOf(db: DbOrTx, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}
