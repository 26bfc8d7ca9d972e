import {
  idParamsSchema,
  newOrderRequestSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { toOrderView } from './order-view.ts';
import { placeOrder } from './place-order.ts';
import { sendInBackground } from '../mail/mailer.ts';
import { orderConfirmationMail } from '../mail/messages.ts';
import { findOrder, listOrdersOf } from './order-repository.ts';
import { cancelOrder } from './order-refunds.ts';
import { afterRefund } from './refund-follow-up.ts';

const tag = 'orders';

/**
 * A shopper's orders: place one, list mine, read one (only mine; admins read any), cancel mine before it
 * ships.
 */
export function registerOrderRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  app.post(
    '/order/new',
    kit.user({
      tag,
      summary: 'Place an order paid by a succeeded payment intent',
      description:
        'Only product ids, quantities, shipping info and the payment intent id are read; every price, tax, ' +
        'shipping and total figure sent is ignored and recomputed (shipping 0 above ₹1,000, else ₹200; GST 18%).',
      body: newOrderRequestSchema,
      response: { 201: orderResponseSchema },
      errors: [404],
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const { order, invoice } = await placeOrder(ctx, user, request.body, request.log);
      sendInBackground(ctx.mailer, orderConfirmationMail(ctx.config.shopUrl, user.email, order), request.log);
      reply.status(201);
      return { success: true as const, order: toOrderView(order, user, kit.baseUrlOf(request), invoice) };
    },
  );

  app.get(
    '/orders/me',
    kit.user({ tag, summary: 'My orders, newest first', response: { 200: ordersResponseSchema } }),
    async (request) => ({
      success: true as const,
      orders: await listOrdersOf(db, currentUser(request).id, kit.baseUrlOf(request)),
    }),
  );

  app.get(
    '/order/:id',
    kit.user({
      tag,
      summary: "One order: my own, or any for an admin (someone else's is 404)",
      params: idParamsSchema,
      response: { 200: orderResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const user = currentUser(request);
      const ownerId = user.role === 'admin' ? undefined : user.id;
      const order = await findOrder(db, request.params.id, kit.baseUrlOf(request), ownerId);
      if (!order) throw notFound('Order not found with this Id');
      return { success: true as const, order };
    },
  );

  app.post(
    '/order/:id/cancel',
    kit.user({
      tag,
      summary: 'Cancel my order before it ships',
      description:
        "Only the shopper's own order, and only while it is Processing (an order of someone else is 404; a " +
        'shipped, delivered or cancelled one is 400). Its stock is put back, what was paid is refunded ' +
        'through the gateway that took it (nothing for a cash order never paid), and the shopper is mailed.',
      params: idParamsSchema,
      response: { 200: orderResponseSchema },
      errors: [404, 502],
    }),
    async (request) => {
      const shopper = currentUser(request);
      const { order, refund } = await cancelOrder(db, ctx.refunds, request.params.id, shopper, {
        byShopper: true,
      });
      return afterRefund(ctx, order, refund, 'cancel', kit.baseUrlOf(request), request.log);
    },
  );
}
