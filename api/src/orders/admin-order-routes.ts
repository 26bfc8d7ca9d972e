import {
  adminListQuerySchema,
  adminOrdersAnswerSchema,
  dailyOrdersQuerySchema,
  dailyOrdersResponseSchema,
  isPagedAdminQuery,
  idParamsSchema,
  orderResponseSchema,
  processOrderRequestSchema,
  successMessageSchema,
  type OrderStatus,
  toPaise,
  toRupees,
  trackingUrlOf,
} from '@shop/shared-api/schemas';
import { isPaid } from '@shop/shared-contract';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { sendJsonList } from '../http/json-list-answer.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import { findInvoiceOf, issueInvoice } from '../invoices/invoice-repository.ts';
import { sendInBackground } from '../mail/mailer.ts';
import { orderShippedMail } from '../mail/messages.ts';
import { deleteOrderRestocking } from './order-refunds.ts';
import {
  buyerOf,
  adminOrdersPage,
  dailyOrderFigures,
  findOrder,
  allOrdersInBatches,
  lockOrder,
  moveOrderStatus,
  orderAuditFields,
  orderStatusOf,
  productsOf,
} from './order-repository.ts';

const tag = 'admin: orders';
/** One short `status` field, and Shipped's optional carrier and tracking number. */
const STATUS_FORM = { fields: 3, fieldSize: 1024, files: 0, fileSize: 0, maxBytes: 16 * 1024 };
const noSuchOrder = () => notFound('Order not found with this Id');

/** The only moves an order may make. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  Processing: 'Shipped',
  Shipped: 'Delivered',
};

/** Admin order handling, inside the admin plugin (`/admin`): list all, move forward, delete. */
export function registerAdminOrderRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  admin.get(
    '/orders',
    kit.admin({
      tag,
      summary:
        'Every order, with the sum of their totals; with page, limit or q: one page, newest first, and the stat figures',
      querystring: adminListQuerySchema,
      response: { 200: adminOrdersAnswerSchema },
    }),
    async (request, reply) => {
      if (isPagedAdminQuery(request.query)) return adminOrdersPage(db, request.query, kit.baseUrlOf(request));
      // The sum is of the orders sent, added up as they go (an order placed meanwhile is in neither).
      let totalPaise = 0;
      async function* summed() {
        for await (const batch of allOrdersInBatches(db, kit.baseUrlOf(request))) {
          for (const order of batch) totalPaise += toPaise(order.totalPrice);
          yield batch;
        }
      }
      return sendJsonList(reply, { success: true }, 'orders', summed(), () => ({
        totalAmount: toRupees(totalPaise),
      }));
    },
  );

  admin.get(
    '/orders/daily',
    kit.admin({
      tag,
      summary: 'Revenue and orders per day over the last `days` days (default 30) in the time zone `tz`',
      querystring: dailyOrdersQuerySchema,
      response: { 200: dailyOrdersResponseSchema },
    }),
    async (request) => ({
      success: true as const,
      days: await dailyOrderFigures(db, request.query.days, request.query.tz),
    }),
  );

  admin.put(
    '/order/:id',
    kit.admin({
      tag,
      summary:
        'Move an order forward: Processing to Shipped, Shipped to Delivered (form data or JSON `status`; ' +
        'Shipped takes an optional `carrier` and `trackingNumber`, and mails the shopper)',
      params: idParamsSchema,
      body: processOrderRequestSchema,
      response: { 200: orderResponseSchema },
      form: STATUS_FORM,
      errors: [404],
    }),
    async (request) => {
      const { id } = request.params;
      const { status, carrier, trackingNumber } = request.body;
      const current = await orderStatusOf(db, id);
      if (!current) throw noSuchOrder();
      if (current === 'Delivered') throw badRequest('You have already delivered this order');
      if (current === 'Cancelled') throw badRequest('This order is cancelled');
      if (NEXT_STATUS[current] !== status) {
        throw badRequest(`An order can only move from ${current} to ${NEXT_STATUS[current]}`);
      }
      const moved = await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        const moved = before && (await moveOrderStatus(tx, id, current, status, { carrier, trackingNumber }));
        if (!moved) throw badRequest('The order changed meanwhile; reload it and try again');
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'order.status',
          targetId: id,
          before: orderAuditFields(before),
          after: orderAuditFields(moved),
        });
        // Delivered: a cash order is paid now, and every delivered order has its invoice.
        if (status === 'Delivered' && isPaid(moved.paymentStatus) && !(await findInvoiceOf(tx, id))) {
          const buyer = await buyerOf(tx, moved.userId);
          if (buyer) await issueInvoice(tx, moved, buyer, ctx.config.gst);
        }
        return moved;
      });
      if (status === 'Shipped') {
        const buyer = await buyerOf(db, moved.userId);
        const link = trackingUrlOf(moved.carrier, moved.trackingNumber);
        if (buyer)
          sendInBackground(
            ctx.mailer,
            orderShippedMail(ctx.config.shopUrl, buyer.email, moved, link),
            request.log,
          );
      }
      const order = await findOrder(db, id, kit.baseUrlOf(request));
      return { success: true as const, order: order! };
    },
  );

  admin.delete(
    '/order/:id',
    kit.admin({
      tag,
      summary: 'Delete an order; one not delivered (nor cancelled) has its stock put back',
      params: idParamsSchema,
      response: { 200: successMessageSchema },
      errors: [404],
    }),
    async (request) => {
      const deleted = await deleteOrderRestocking(db, request.params.id, currentUser(request));
      if (!deleted) throw noSuchOrder();
      ctx.catalogCache.invalidate(productsOf(deleted));
      return { success: true as const, message: 'Order Deleted Successfully' };
    },
  );
}
