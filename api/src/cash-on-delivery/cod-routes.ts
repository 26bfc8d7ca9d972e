import { cashOnDeliveryOrderRequestSchema, orderResponseSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { currentUser } from '../http/route-kit.ts';
import { sendInBackground } from '../mail/mailer.ts';
import { orderConfirmationMail } from '../mail/messages.ts';
import { toOrderView } from '../orders/order-view.ts';
import { placeCashOnDeliveryOrder } from './place-cod-order.ts';

/** `POST /order/cash-on-delivery`: an order paid in cash when the courier delivers it. */
export function registerCashOnDeliveryRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    '/order/cash-on-delivery',
    ctx.kit.user({
      tag: 'orders',
      summary: 'Place an order paid in cash on delivery (NOT PAID until it is delivered)',
      description:
        'Only product ids, quantities and shipping info are read, as for /order/new. Refused (400, with the ' +
        'reason) when cash on delivery is off, the total is over COD_MAX_ORDER_RUPEES, the pin code is in ' +
        'COD_BLOCKED_PIN_CODES, or the account already has COD_MAX_OPEN_ORDERS cash orders not delivered.',
      body: cashOnDeliveryOrderRequestSchema,
      response: { 201: orderResponseSchema },
      errors: [404],
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const order = await placeCashOnDeliveryOrder(ctx, user, request.body);
      sendInBackground(ctx.mailer, orderConfirmationMail(ctx.config.shopUrl, user.email, order), request.log);
      reply.status(201);
      return { success: true as const, order: toOrderView(order, user, ctx.kit.baseUrlOf(request)) };
    },
  );
}
