import { and, eq } from 'drizzle-orm';
import {
  razorpayOrderRequestSchema,
  razorpayOrderResponseSchema,
  razorpayVerifyRequestSchema,
  upiPaymentResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import { paymentRequests } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ZodApp } from '../http/types.ts';
import { currentUser } from '../http/route-kit.ts';
import { openPaymentRequest } from './upi/open-payment-request.ts';
import { settlePaymentRequest } from './upi/settle-payment-request.ts';
import { viewOf } from './upi/upi-routes.ts';
import type { RazorpayGateway } from '../payment-gateways/razorpay-gateway.ts';

const tag = 'payments';
const NO_PAYMENT = 'Payment not found';
export const INVALID_SIGNATURE = 'The payment could not be verified: its signature is not Razorpay’s';

/**
 * Razorpay (RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET): `POST /payment/razorpay/order` creates the Razorpay
 * order for the server's total, `POST /payment/razorpay/verify` takes the checkout's signed answer. The
 * webhook (`POST /payment/webhook`, RAZORPAY_WEBHOOK_SECRET) and the sweep place the order too, so a
 * payment whose tab closed still becomes one order; `GET /payment/upi/{id}` follows it.
 */
export function registerRazorpayRoutes(app: ZodApp, ctx: AppContext, gateway: RazorpayGateway) {
  const rateLimit = ctx.config.paymentRateLimit;

  app.post(
    '/payment/razorpay/order',
    ctx.kit.user({
      tag,
      summary:
        "Start paying an order in Razorpay's checkout: a Razorpay order for the total the server computes",
      description:
        'Only product ids, quantities and shipping info are read. The answer is what the checkout opens ' +
        'with (key, order_id, amount in paise); the order is placed when the payment is verified.',
      body: razorpayOrderRequestSchema,
      response: { 201: razorpayOrderResponseSchema },
      errors: [404, 502],
      rateLimit,
    }),
    async (request, reply) => {
      const { request: saved, providerRef } = await openPaymentRequest(ctx, gateway, {
        userId: currentUser(request).id,
        method: 'razorpay',
        ...request.body,
      });
      reply.status(201);
      return {
        success: true as const,
        payment: {
          id: saved.id,
          status: saved.status,
          amount: saved.amountPaise,
          currency: 'INR' as const,
          keyId: gateway.keyId,
          orderId: providerRef,
          expiresAt: saved.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/payment/razorpay/verify',
    ctx.kit.user({
      tag,
      summary: "Razorpay's checkout says my payment succeeded: verified, then the order is placed",
      description:
        'razorpay_signature must be the HMAC-SHA256 of "order_id|payment_id" with the key secret (checked ' +
        "with the SDK's validatePaymentVerification), else 400 and nothing changes. The server then asks " +
        'Razorpay for the payment itself and places the order once, however often this is called.',
      body: razorpayVerifyRequestSchema,
      response: { 200: upiPaymentResponseSchema },
      errors: [404, 502],
      rateLimit,
    }),
    async (request) => {
      const user = currentUser(request);
      const { id, razorpay_order_id: orderId, razorpay_payment_id: paymentId } = request.body;
      const [row] = await ctx.db
        .select()
        .from(paymentRequests)
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.userId, user.id)));
      if (!row) throw notFound(NO_PAYMENT);
      if (
        row.providerRef !== orderId ||
        !gateway.verifyCheckout({ orderId, paymentId, signature: request.body.razorpay_signature })
      )
        throw badRequest(INVALID_SIGNATURE);
      let current = row;
      if (row.status === 'pending' || row.status === 'expired' || row.status === 'failed') {
        const payment = await gateway.fetchPayment(paymentId);
        if (payment.orderId !== orderId || payment.amountPaise !== row.amountPaise)
          throw badRequest('The payment is not for this order');
        // Authorized and captured both mean the money is the shop's (Razorpay captures automatically).
        if (payment.status === 'captured' || payment.status === 'authorized')
          current =
            (await settlePaymentRequest(
              ctx,
              gateway,
              row.id,
              { status: 'succeeded', providerPaymentId: paymentId, method: payment.method },
              request.log,
            )) ?? row;
      }
      return { success: true as const, payment: viewOf(ctx, current) };
    },
  );
}
