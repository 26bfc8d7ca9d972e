import {
  idParamsSchema,
  orderPaymentsResponseSchema,
  orderResponseSchema,
  refundLinesRequestSchema,
  returnLinesRequestSchema,
  toRupees,
} from '@shop/shared-api/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { orders } from '../db/schema.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { buyerOf } from './order-repository.ts';
import {
  cancelOrder,
  paidPaiseOf,
  refundableLines,
  refundOrderLines,
  refundsOf,
  type LineRefundKind,
  type Refunder,
} from './order-refunds.ts';
import { afterRefund } from './refund-follow-up.ts';

const tag = 'admin: orders';
const noSuchOrder = () => notFound('Order not found with this Id');

/**
 * Cancel, refund chosen lines, record a return, and the payment history, inside the admin plugin
 * (`/admin`). Each change is one transaction (in order-refunds.ts: cancelOrder, refundOrderLines,
 * deleteOrderRestocking); the gateway is called after it commits, with the refund's idempotency key.
 */
export function registerOrderRefundRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;
  const { refunds: refunder } = ctx;

  admin.get(
    '/order/:id/payments',
    kit.admin({
      tag,
      summary:
        "The order's payment history (paid, refunds: amounts, when, by whom) and each line's refundable units",
      params: idParamsSchema,
      response: { 200: orderPaymentsResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, request.params.id));
      if (!order) throw noSuchOrder();
      const refunds = await refundsOf(db, order.id);
      const buyer = await buyerOf(db, order.userId);
      const paid = paidPaiseOf(order);
      const gateway = await refunder.gatewayOf(order.paymentId);
      return {
        success: true as const,
        payments: [
          ...(paid > 0 && order.paidAt
            ? [
                {
                  kind: 'paid' as const,
                  amount: toRupees(paid),
                  status: 'paid' as const,
                  at: order.paidAt.toISOString(),
                  by: order.paymentMethod === 'cod' ? 'Cash to the courier' : (buyer?.name ?? 'The shopper'),
                  gateway,
                  lines: [],
                },
              ]
            : []),
          ...refunds.map((refund) => ({
            kind: refund.kind,
            amount: toRupees(refund.amountPaise),
            status: refund.status,
            at: refund.createdAt.toISOString(),
            by: refund.byName,
            gateway: refund.gateway,
            lines: refund.lines,
          })),
        ],
        paid: toRupees(paid),
        refunded: toRupees(order.refundedPaise),
        lines: refundableLines(order, refunds),
      };
    },
  );

  admin.post(
    '/order/:id/cancel',
    kit.admin({
      tag,
      summary:
        'Cancel an order not delivered yet: its stock put back, what was paid refunded through the gateway ' +
        'that took it (nothing for a cash order never paid), and the shopper mailed',
      params: idParamsSchema,
      response: { 200: orderResponseSchema },
      errors: [404, 502],
    }),
    async (request) => {
      const admin = currentUser(request);
      const { order, refund } = await cancelOrder(db, refunder, request.params.id, admin);
      return afterRefund(ctx, order, refund, 'cancel', kit.baseUrlOf(request), request.log);
    },
  );

  const lineRoute =
    (kind: LineRefundKind) =>
    async (
      id: string,
      by: Refunder,
      body: { lines: { product: string; quantity: number }[]; restock: boolean; refundsSeen: number },
      baseUrl: string,
      log: FastifyBaseLogger,
    ) => {
      const { order, refund } = await refundOrderLines(db, refunder, id, by, { kind, ...body });
      return afterRefund(ctx, order, refund, kind, baseUrl, log);
    };
  const refundLines = lineRoute('refund');
  const returnLines = lineRoute('return');

  admin.post(
    '/order/:id/refund',
    kit.admin({
      tag,
      summary:
        'Refund chosen lines of an order not delivered yet, their stock put back; never more than was paid ' +
        'and not refunded. 409 when the order was refunded since `refundsSeen` refunds',
      params: idParamsSchema,
      body: refundLinesRequestSchema,
      response: { 200: orderResponseSchema },
      errors: [404, 409, 502],
    }),
    async (request) =>
      refundLines(
        request.params.id,
        currentUser(request),
        { ...request.body, restock: true },
        kit.baseUrlOf(request),
        request.log,
      ),
  );

  admin.post(
    '/order/:id/return',
    kit.admin({
      tag,
      summary:
        'Record lines a delivered order’s shopper sent back (`restock`: back on the shelf or not) and refund ' +
        'them. 409 when the order was refunded since `refundsSeen` refunds',
      params: idParamsSchema,
      body: returnLinesRequestSchema,
      response: { 200: orderResponseSchema },
      errors: [404, 409, 502],
    }),
    async (request) =>
      returnLines(request.params.id, currentUser(request), request.body, kit.baseUrlOf(request), request.log),
  );
}
