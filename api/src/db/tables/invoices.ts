import { type OrderPaymentMethod } from '@shop/shared-api/schemas';
import { char, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// GST tax invoices as issued, and the counter of their numbers.

/** The last invoice number given in each financial year ('2026-27'): the one source of the next. */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A GST tax invoice as issued; never changed or deleted (not even with its order). */
export const invoices = pgTable(
  'invoices',
  {
    number: text('number').primaryKey(),
    orderId: char('order_id', { length: 24 }).notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (table) => [
    uniqueIndex('invoices_order_id_key').on(table.orderId),
    uniqueIndex('invoices_year_sequence_key').on(table.financialYear, table.sequence),
  ],
);

/** Everything printed on an invoice, fixed when it is issued. Money in paise. */
export interface InvoiceDocument {
  seller: { name: string; address: string; state: string; gstin: string };
  buyer: { name: string; email: string; address: string; state: string; country: string; pinCode: string };
  /** 'intra': CGST 9% + SGST 9% (shipped within the seller's state); 'inter': IGST 18%. */
  supply: 'intra' | 'inter';
  paymentMethod: OrderPaymentMethod;
  orderPlacedAt: string;
  lines: InvoiceLine[];
  shippingPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface InvoiceLine {
  name: string;
  hsn: string;
  quantity: number;
  unitPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export type InvoiceRow = typeof invoices.$inferSelect;
