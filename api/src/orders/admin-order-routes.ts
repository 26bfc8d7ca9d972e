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
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import { findInvoiceOf, issueInvoice } from '../invoices/invoice-repository.ts';
import { isPaid } from './order-view.ts';
import {
  buyerOf,
  adminOrdersPage,
  dailyOrderFigures,
  deleteOrder,
  findOrder,
  listAllOrders,
  lockOrder,
  moveOrderStatus,
  orderAuditFields,
  orderStatusOf,
} from './order-repository.ts';

const tag = 'admin: orders';
/** One short `status` field. */
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
    async (request) => {
      if (isPagedAdminQuery(request.query)) return adminOrdersPage(db, request.query, kit.baseUrlOf(request));
      const list = await listAllOrders(db, kit.baseUrlOf(request));
      const totalPaise = list.reduce((sum, order) => sum + toPaise(order.totalPrice), 0);
      return { success: true as const, orders: list, totalAmount: toRupees(totalPaise) };
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
        'Move an order forward: Processing to Shipped, Shipped to Delivered (form data or JSON `status`)',
      params: idParamsSchema,
      body: processOrderRequestSchema,
      response: { 200: orderResponseSchema },
      form: STATUS_FORM,
      errors: [404],
    }),
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const current = await orderStatusOf(db, id);
      if (!current) throw noSuchOrder();
      if (current === 'Delivered') throw badRequest('You have already delivered this order');
      if (NEXT_STATUS[current] !== status) {
        throw badRequest(`An order can only move from ${current} to ${NEXT_STATUS[current]}`);
      }
      await db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        const moved = before && (await moveOrderStatus(tx, id, current, status));
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
      });
      const order = await findOrder(db, id, kit.baseUrlOf(request));
      return { success: true as const, order: order! };
    },
  );

  admin.delete(
    '/order/:id',
    kit.admin({
      tag,
      summary: 'Delete an order',
      params: idParamsSchema,
      response: { 200: successMessageSchema },
      errors: [404],
    }),
    async (request) => {
      await db.transaction(async (tx) => {
        const deleted = await deleteOrder(tx, request.params.id);
        if (!deleted) throw noSuchOrder();
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'order.delete',
          targetId: deleted.id,
          before: orderAuditFields(deleted),
          after: null,
        });
      });
      return { success: true as const, message: 'Order Deleted Successfully' };
    },
  );
}
