import { and, eq } from 'drizzle-orm';
import {
  errorResponseSchema,
  paymentRequestParamsSchema,
  paymentWebhookSchema,
  successSchema,
  toRupees,
  upiPaymentRequestSchema,
  upiPaymentResponseSchema,
  type UpiPayment,
} from '@shop/shared-api/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { paymentRequests, type PaymentRequestRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ZodApp } from '../../http/types.ts';
import { currentUser } from '../../http/route-kit.ts';
import { openPaymentRequest } from './open-payment-request.ts';
import { settlePaymentRequest } from './settle-payment-request.ts';
import { PaymentRequestRefused, type PaymentRequestGateway } from '../../payment-gateways/upi-gateway.ts';

const tag = 'payments';
const NO_PAYMENT = 'UPI payment not found';

/** `upi://pay?…`: what a UPI app opens, from the QR code on a desktop or the button on a phone. */
export function upiLinkOf(ctx: AppContext, request: Pick<PaymentRequestRow, 'id' | 'amountPaise'>) {
  const params = new URLSearchParams({
    pa: ctx.config.upi.merchantVpa,
    pn: ctx.config.upi.merchantName,
    am: toRupees(request.amountPaise).toFixed(2),
    cu: 'INR',
    tr: request.id,
  });
  return `upi://pay?${params.toString()}`;
}

export function viewOf(ctx: AppContext, request: PaymentRequestRow): UpiPayment {
  return {
    id: request.id,
    status: request.status,
    amount: request.amountPaise,
    vpa: request.vpa ?? '',
    expiresAt: request.expiresAt.toISOString(),
    upiLink: upiLinkOf(ctx, request),
    ...(request.message ? { message: request.message } : {}),
    ...(request.orderId ? { orderId: request.orderId } : {}),
  };
}

/** The raw body of the webhook route, kept by its own JSON parser for the signature check. */
const RAW_BODY = Symbol('raw body');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

/**
 * UPI: start a collect request for the order (`POST /payment/upi`), follow it (`GET /payment/upi/:id`),
 * and the gateway's signed word on it (`POST /payment/webhook`). The order is placed by the server when
 * the payment succeeds: by the webhook, or by the browser's check, whichever comes first.
 */
export function registerUpiRoutes(app: ZodApp, ctx: AppContext, gateway: PaymentRequestGateway) {
  const rateLimit = ctx.config.paymentRateLimit;

  // With Razorpay, UPI is paid in its checkout (POST /payment/razorpay/order): no collect request here.
  if (gateway.kind === 'local')
    app.post(
      '/payment/upi',
      ctx.kit.user({
        tag,
        summary: 'Pay for an order by UPI: a collect request to the VPA, for the total the server computes',
        description:
          'Only product ids, quantities, shipping info and the VPA are read. The answer carries the bound ' +
          '(expiresAt) and the upi:// link of the QR code; the order is placed when the payment succeeds.',
        body: upiPaymentRequestSchema,
        response: { 201: upiPaymentResponseSchema },
        errors: [404],
        rateLimit,
      }),
      async (request, reply) => {
        let saved: PaymentRequestRow;
        try {
          ({ request: saved } = await openPaymentRequest(ctx, gateway, {
            userId: currentUser(request).id,
            method: 'upi',
            ...request.body,
          }));
        } catch (error) {
          if (error instanceof PaymentRequestRefused) throw badRequest(error.message);
          throw error;
        }
        reply.status(201);
        return { success: true as const, payment: viewOf(ctx, saved) };
      },
    );

  app.get(
    '/payment/upi/:id',
    ctx.kit.user({
      tag,
      summary:
        "How my UPI payment stands (an admin: anyone's); asks the gateway while it is pending, and settles it",
      description:
        "The browser's way of learning the outcome: the server asks the gateway itself (never the browser's " +
        'word), places the order if it succeeded, and expires the request past its bound.',
      params: paymentRequestParamsSchema,
      response: { 200: upiPaymentResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const user = currentUser(request);
      const [row] = await ctx.db
        .select()
        .from(paymentRequests)
        .where(
          and(
            eq(paymentRequests.id, request.params.id),
            // Someone else's payment does not exist for a shopper (as their orders).
            user.role === 'admin' ? undefined : eq(paymentRequests.userId, user.id),
          ),
        );
      if (!row) throw notFound(NO_PAYMENT);
      let current = row;
      if (row.status === 'pending') {
        const verdict = await gateway.verdict(row);
        const outcome =
          verdict.status === 'pending' && row.expiresAt <= new Date()
            ? { status: 'expired' as const }
            : verdict;
        current = (await settlePaymentRequest(ctx, gateway, row.id, outcome, request.log)) ?? row;
      }
      return { success: true as const, payment: viewOf(ctx, current) };
    },
  );

  // The webhook reads its body as text first: the signature is over the bytes as sent.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as WithRawBody)[RAW_BODY] = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('body must be JSON'), undefined);
      }
    });
    (scope as unknown as ZodApp).post(
      '/payment/webhook',
      ctx.kit.public({
        tag,
        summary:
          "The payment gateway's signed word on a payment (Razorpay's webhook; the local gateway's too)",
        description:
          'X-Razorpay-Signature must be the HMAC-SHA256 of the raw body with the webhook secret: otherwise 400 ' +
          'and nothing changes. payment.captured places the order (once, however often it is delivered); ' +
          'payment.failed marks the payment failed. Events about payments the shop does not know are acknowledged.',
        body: paymentWebhookSchema,
        response: { 200: successSchema, 400: errorResponseSchema },
      }),
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const raw = (request as WithRawBody)[RAW_BODY];
        if (typeof signature !== 'string' || raw === undefined || !gateway.verifyWebhook(raw, signature))
          throw badRequest('Invalid webhook signature');
        const { event, payload } = request.body;
        const entity = payload.payment.entity;
        const [row] = entity.order_id
          ? await ctx.db
              .select()
              .from(paymentRequests)
              .where(eq(paymentRequests.providerRef, entity.order_id))
          : [];
        if (!row) return { success: true as const };
        if (event === 'payment.captured' || event === 'order.paid')
          await settlePaymentRequest(
            ctx,
            gateway,
            row.id,
            {
              status: 'succeeded',
              providerPaymentId: entity.id,
              ...(entity.method ? { method: entity.method } : {}),
            },
            request.log,
          );
        // A failed attempt in Razorpay's checkout is not the end (the shopper may try again until the
        // request expires); a local collect request that is declined is.
        else if (event === 'payment.failed' && gateway.kind === 'local')
          await settlePaymentRequest(
            ctx,
            gateway,
            row.id,
            { status: 'failed', message: entity.error_description ?? 'The UPI payment failed.' },
            request.log,
          );
        return { success: true as const };
      },
    );
  });
}
