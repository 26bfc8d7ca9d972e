import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { OrderRefundRow, OrderRow } from '../db/schema.ts';
import { sendInBackground } from '../mail/mailer.ts';
import { orderCancelledMail, orderRefundedMail } from '../mail/messages.ts';
import { settleRefund, type LineRefundKind } from './order-refunds.ts';
import { buyerOf, findOrder, productsOf } from './order-repository.ts';

/**
 * What follows a cancellation or a refund once its transaction has committed, whoever made it (an admin,
 * or a shopper cancelling their own order): the catalog's answers dropped (stock came back), the gateway's
 * refund under its idempotency key, the shopper's mail, and the order as it now stands.
 */
export async function afterRefund(
  ctx: AppContext,
  order: OrderRow,
  refund: OrderRefundRow | null,
  kind: 'cancel' | LineRefundKind,
  baseUrl: string,
  log: FastifyBaseLogger,
) {
  const { db } = ctx;
  ctx.catalogCache.invalidate(productsOf(order));
  const status = refund ? await settleRefund(db, ctx.refunds, refund, log) : null;
  if (refund) ctx.metrics.paymentRefunded(status === 'refunded' ? 'refunded' : 'pending');
  const buyer = await buyerOf(db, order.userId);
  if (buyer) {
    const money = refund ? { amountPaise: refund.amountPaise, pending: status === 'pending' } : null;
    const mail =
      kind === 'cancel'
        ? orderCancelledMail(ctx.config.shopUrl, buyer.email, order, money)
        : orderRefundedMail(ctx.config.shopUrl, buyer.email, order, {
            ...money!,
            lines: refund!.lines,
            returned: kind === 'return',
          });
    sendInBackground(ctx.mailer, mail, log);
  }
  return { success: true as const, order: (await findOrder(db, order.id, baseUrl))! };
}
