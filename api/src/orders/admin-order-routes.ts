import { and, eq } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminOrdersAnswerSchema,
  errorResponseSchema,
  isPagedAdminQuery,
  idParamsSchema,
  orderResponseSchema,
  processOrderRequestSchema,
  successMessageSchema,
  type OrderStatus,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { orders } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { readFormBody } from '../http/form-body.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { toRupees } from '../http/money.ts';
import { findOrders } from './order-view.ts';
import { adminOrdersPage } from '../admin-lists/admin-list-pages.ts';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The only moves an order may make. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  Processing: 'Shipped',
  Shipped: 'Delivered',
};

export function registerAdminOrderRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;
  const baseUrlOf = (request: Parameters<typeof requestBaseUrl>[0]) =>
    requestBaseUrl(request, ctx.config.publicApiUrl);

  app.get(
    '/admin/orders',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary:
          'Every order, with the sum of their totals; with page, limit or q: one page, newest first, and the stat figures',
        security,
        querystring: adminListQuerySchema,
        response: { 200: adminOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      if (isPagedAdminQuery(request.query)) return adminOrdersPage(db, request.query, baseUrlOf(request));
      const list = await findOrders(db, undefined, baseUrlOf(request));
      const totalPaise = list.reduce((sum, order) => sum + Math.round(order.totalPrice * 100), 0);
      return { success: true as const, orders: list, totalAmount: toRupees(totalPaise) };
    },
  );

  app.put(
    '/admin/order/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      preValidation: readFormBody,
      schema: {
        tags,
        summary:
          'Move an order forward: Processing to Shipped, Shipped to Delivered (form data or JSON `status`)',
        security,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        params: idParamsSchema,
        body: processOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { status } = request.body;
      const [current] = await db
        .select({ status: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, request.params.id));
      if (!current) throw notFound('Order not found with this Id');
      if (current.status === 'Delivered') throw badRequest('You have already delivered this order');
      if (NEXT_STATUS[current.status] !== status) {
        throw badRequest(`An order can only move from ${current.status} to ${NEXT_STATUS[current.status]}`);
      }
      const moved = await db
        .update(orders)
        .set({ orderStatus: status, ...(status === 'Delivered' ? { deliveredAt: new Date() } : {}) })
        .where(and(eq(orders.id, request.params.id), eq(orders.orderStatus, current.status)))
        .returning({ id: orders.id });
      if (moved.length === 0) throw badRequest('The order changed meanwhile; reload it and try again');
      const [order] = await findOrders(db, eq(orders.id, request.params.id), baseUrlOf(request));
      return { success: true as const, order: order! };
    },
  );

  app.delete(
    '/admin/order/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Delete an order',
        security,
        params: idParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await db
        .delete(orders)
        .where(eq(orders.id, request.params.id))
        .returning({ id: orders.id });
      if (deleted.length === 0) throw notFound('Order not found with this Id');
      return { success: true as const, message: 'Order Deleted Successfully' };
    },
  );
}
