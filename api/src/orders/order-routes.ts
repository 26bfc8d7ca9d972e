import { and, eq } from 'drizzle-orm';
import {
  errorResponseSchema,
  idParamsSchema,
  newOrderRequestSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { orders } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { currentUser } from '../auth/guards.ts';
import { findOrders, toOrderView } from './order-view.ts';
import { placeOrder } from './place-order.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** A shopper's orders: place one, list mine, read one (only mine; admins read any). */
export function registerOrderRoutes(app: ZodApp, ctx: AppContext) {
  const baseUrlOf = (request: Parameters<typeof requestBaseUrl>[0]) =>
    requestBaseUrl(request, ctx.config.publicApiUrl);

  app.post(
    '/order/new',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'Place an order paid by a succeeded payment intent',
        description:
          'Only product ids, quantities, shipping info and the payment intent id are read; every price, tax, ' +
          'shipping and total figure sent is ignored and recomputed (shipping 0 above ₹1,000, else ₹200; GST 18%).',
        security,
        body: newOrderRequestSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const order = await placeOrder(ctx, user, request.body);
      reply.status(201);
      return { success: true as const, order: toOrderView(order, user, baseUrlOf(request)) };
    },
  );

  app.get(
    '/orders/me',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'My orders, newest first',
        security,
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      orders: await findOrders(ctx.db, eq(orders.userId, currentUser(request).id), baseUrlOf(request)),
    }),
  );

  app.get(
    '/order/:id',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary: "One order: my own, or any for an admin (someone else's is 404)",
        security,
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const owner = user.role === 'admin' ? undefined : eq(orders.userId, user.id);
      const [order] = await findOrders(
        ctx.db,
        and(eq(orders.id, request.params.id), owner),
        baseUrlOf(request),
      );
      if (!order) throw notFound('Order not found with this Id');
      return { success: true as const, order };
    },
  );
}
