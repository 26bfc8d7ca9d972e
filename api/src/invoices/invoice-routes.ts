import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParamsSchema } from '@shop/shared-api/schemas';
import { isPaid } from '@shop/shared-contract';
import type { AppContext } from '../context.ts';
import { orders, users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { findInvoiceOf, issueInvoice } from './invoice-repository.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const NO_ORDER = 'Order not found with this Id';
const NOT_PAID =
  'This order has no invoice yet: a cash-on-delivery order is invoiced when it is delivered and paid';

/**
 * The invoice of a paid order that has none: orders paid before invoices existed get theirs on first
 * asking. Two first askings at once: one issues it, the other's insert is refused by the order's unique
 * invoice and rolls back (giving its number back), and it reads the one issued.
 */
async function invoiceOf(ctx: AppContext, orderId: string) {
  const existing = await findInvoiceOf(ctx.db, orderId);
  if (existing) return existing;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ order: orders, buyer: { name: users.name, email: users.email } })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!row || !isPaid(row.order.paymentStatus)) return undefined;
      return issueInvoice(tx, row.order, row.buyer, ctx.config.gst);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return findInvoiceOf(ctx.db, orderId);
    throw error;
  }
}

/** `GET /order/:id/invoice`: the GST tax invoice as a PDF, for the order's buyer or an admin. */
export function registerInvoiceRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/order/:id/invoice',
    ctx.kit.user({
      tag: 'orders',
      summary: "The order's GST tax invoice (PDF): the buyer's own order, or any for an admin",
      description:
        'Numbered per financial year (April to March) without gaps; CGST 9% + SGST 9% within the seller’s ' +
        'state, IGST 18% otherwise. 404 for a cash-on-delivery order not delivered yet.',
      params: idParamsSchema,
      response: { 200: z.string().describe('The invoice, application/pdf') },
      errors: [404],
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const [order] = await ctx.db
        .select({ userId: orders.userId, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, id));
      // Someone else's order does not exist for a shopper (as GET /order/:id).
      if (!order || (user.role !== 'admin' && order.userId !== user.id)) throw notFound(NO_ORDER);
      const invoice = await invoiceOf(ctx, id);
      if (!invoice) throw notFound(NOT_PAID);
      const pdf = await renderInvoicePdf(invoice);
      const fileName = `invoice-${invoice.number.replace(/\//g, '-')}.pdf`;
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          // A Buffer goes out as it is: Fastify serializes objects only, and this answer is no JSON.
          .send(pdf as unknown as string)
      );
    },
  );
}
