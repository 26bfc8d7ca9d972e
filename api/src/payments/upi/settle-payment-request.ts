import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toRupees } from '@shop/shared-api/schemas';
import type { AppContext } from '../../context.ts';
import { paymentRequests, users, type OrderRow, type PaymentRequestRow } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { insertOrder, productsOf } from '../../orders/order-repository.ts';
import { quantitiesOf } from '../../cart/cart-lines.ts';
import { priceLines } from '../../orders/place-order.ts';
import { refundRefusedPayment } from '../../orders/refunds.ts';
import { issueInvoice } from '../../invoices/invoice-repository.ts';
import { sendInBackground } from '../../mail/mailer.ts';
import { orderConfirmationMail } from '../../mail/messages.ts';
import { orderMethodOf } from '../../payment-gateways/razorpay-gateway.ts';
import type { GatewayVerdict, PaymentRequestGateway } from '../../payment-gateways/upi-gateway.ts';

/** How a request ends: the gateway's verdict, or expiry (its bound passed with no answer). */
export type Outcome = GatewayVerdict | { status: 'expired' };

const rupees = (paise: number) =>
  `₹${toRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Settles a payment request once. Whoever comes first (the gateway's webhook, a replay of it, the
 * browser's check, the sweep) locks the request's row; the others wait and find it settled. A success
 * places the order from the stored lines and address in the same transaction (priced again from the
 * catalog, stock taken, invoiced), and the order's unique payment id stands behind the lock. A failure
 * or expiry only marks the request: nothing was taken for it. A success the shop cannot honour (stock
 * ran out, the price changed, or it came after the request expired) is refunded through the gateway.
 */
export async function settlePaymentRequest(
  ctx: AppContext,
  gateway: PaymentRequestGateway,
  requestId: string,
  outcome: Outcome,
  log: FastifyBaseLogger,
): Promise<PaymentRequestRow | undefined> {
  if (outcome.status === 'pending') return findRequest(ctx, requestId);
  const now = new Date();
  let refund: { message: string } | null = null;
  let placed: OrderRow | null = null;
  const settled = await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, requestId))
      .for('update');
    if (!request) return undefined;
    const mark = async (values: Partial<PaymentRequestRow>) =>
      (
        await tx
          .update(paymentRequests)
          .set({ settledAt: now, ...values })
          .where(eq(paymentRequests.id, requestId))
          .returning()
      )[0]!;

    if (request.status !== 'pending') {
      // Money taken after the shopper was told the request expired or failed: it goes back.
      if (outcome.status === 'succeeded' && (request.status === 'expired' || request.status === 'failed')) {
        refund = {
          message: `This ${request.method === 'upi' ? 'UPI ' : ''}payment came after the request had ${request.status}`,
        };
        return mark({ status: 'refunded', providerPaymentId: outcome.providerPaymentId });
      }
      return request;
    }
    if (outcome.status === 'failed') return mark({ status: 'failed', message: outcome.message });
    if (outcome.status === 'expired')
      return mark({
        status: 'expired',
        message: 'The UPI request expired without an answer; nothing was charged.',
      });

    try {
      // A savepoint: a refused order rolls back its own work, and the request is marked refunded instead.
      placed = await tx.transaction(async (savepoint) => {
        const { items, totals, takeStockOfLines } = await priceLines(
          savepoint,
          quantitiesOf(request.orderDraft.orderItems),
        );
        if (totals.totalPaise !== request.amountPaise)
          throw badRequest(
            `The order's total changed to ${rupees(totals.totalPaise)} since the payment of ${rupees(request.amountPaise)} was asked for`,
          );
        await takeStockOfLines();
        const order = await insertOrder(savepoint, {
          userId: request.userId,
          shippingInfo: request.orderDraft.shippingInfo,
          orderItems: items,
          paymentId: request.id,
          paymentStatus: 'succeeded',
          // Through Razorpay's checkout: the method the shopper chose there.
          paymentMethod:
            request.method === 'razorpay'
              ? orderMethodOf(outcome.status === 'succeeded' ? outcome.method : undefined)
              : 'upi',
          paidAt: now,
          ...totals,
          orderStatus: 'Processing',
          createdAt: now,
        });
        const [buyer] = await savepoint
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, request.userId));
        await issueInvoice(savepoint, order, buyer!, ctx.config.gst, now);
        return order;
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      refund = { message: error.message };
      return mark({ status: 'refunded', providerPaymentId: outcome.providerPaymentId });
    }
    return mark({
      status: 'succeeded',
      orderId: placed!.id,
      providerPaymentId: outcome.providerPaymentId,
    });
  });
  if (!settled) return undefined;

  if (placed) {
    const order: OrderRow = placed;
    ctx.catalogCache.invalidate(productsOf(order));
    const [buyer] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    if (buyer)
      sendInBackground(ctx.mailer, orderConfirmationMail(ctx.config.shopUrl, buyer.email, order), log);
    log.info({ paymentRequest: requestId, orderId: order.id }, 'payment request settled into an order');
  }
  if (refund) {
    const { message } = refund as { message: string };
    const done = await refundRefusedPayment(ctx.db, { refund: () => gateway.refund(settled) }, log, {
      id: settled.id,
      userId: settled.userId,
    });
    const told = `${message}. Your payment of ${rupees(settled.amountPaise)} ${done === 'pending' ? 'will be refunded automatically' : 'has been refunded'}.`;
    const [row] = await ctx.db
      .update(paymentRequests)
      .set({ message: told })
      .where(eq(paymentRequests.id, requestId))
      .returning();
    return row;
  }
  return settled;
}

async function findRequest(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
  return row;
}

/**
 * Settles what no webhook and no browser did: requests the gateway has answered meanwhile (a webhook
 * lost to a restart), and requests past their bound (the tab was closed), asking the gateway first.
 */
export async function sweepPaymentRequests(
  ctx: AppContext,
  gateway: PaymentRequestGateway,
  log: FastifyBaseLogger,
  now = new Date(),
) {
  const pending = await ctx.db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.status, 'pending'), eq(paymentRequests.gateway, gateway.kind)))
    .limit(200);
  let settled = 0;
  for (const request of pending) {
    const verdict = await gateway.verdict(request);
    if (verdict.status !== 'pending') await settlePaymentRequest(ctx, gateway, request.id, verdict, log);
    else if (request.expiresAt <= now)
      await settlePaymentRequest(ctx, gateway, request.id, { status: 'expired' }, log);
    else continue;
    settled++;
  }
  return settled;
}
