import {
  PAYMENT_METHODS,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  type PaymentMethodOffer,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { currentUser } from '../http/route-kit.ts';
import { cashOnDeliveryRefusal } from '../cash-on-delivery/cod-rules.ts';
import { openCashOrdersOf } from '../cash-on-delivery/place-cod-order.ts';

/** The methods the payment page offers; the order routes check the same rules again when it is placed. */
export function registerPaymentMethodRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/payment/methods',
    ctx.kit.user({
      tag: 'payments',
      summary: 'The payment methods open to me for this amount (paise) and pin code, and why one is not',
      querystring: paymentMethodsQuerySchema,
      response: { 200: paymentMethodsResponseSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const { amount, pinCode } = request.query;
      const codRefusal = cashOnDeliveryRefusal(ctx.config.cashOnDelivery, {
        totalPaise: amount,
        pinCode,
        openCashOrders: await openCashOrdersOf(ctx.db, user.id),
      });
      const refusals: Record<(typeof PAYMENT_METHODS)[number], string | undefined> = {
        card: undefined,
        upi: ctx.upi ? undefined : 'UPI is not available at the moment; pay by card.',
        cod: codRefusal,
      };
      // Every method, always in the same order (the page's radios never move), a refused one with why.
      const methods: PaymentMethodOffer[] = PAYMENT_METHODS.map((method) =>
        refusals[method]
          ? { method, available: false, reason: refusals[method] }
          : { method, available: true },
      );
      return { success: true as const, methods };
    },
  );
}
