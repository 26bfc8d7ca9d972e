import {
  errorResponseSchema,
  paymentConfirmRequestSchema,
  paymentConfirmResponseSchema,
  paymentProcessRequestSchema,
  paymentProcessResponseSchema,
} from '@shop/shared-api/schemas';
import { z } from 'zod';
import type { ApiConfig } from '../config/api-config.ts';
import type { Db } from '../db/client.ts';
import type { ZodApp } from '../http/types.ts';
import { currentUser, type RouteKit } from '../http/route-kit.ts';
import type { ShopMetrics } from '../observability/metrics.ts';
import type { PaymentGateway } from '../payment-gateways/gateway.ts';
import { CardError, confirmLocalIntent } from '../payment-gateways/local-gateway.ts';

/** Card errors carry Stripe's `error` object beside the usual `{ success: false, message }`. */
const cardErrorSchema = errorResponseSchema.extend({
  error: z
    .object({ message: z.string(), code: z.string().optional(), decline_code: z.string().optional() })
    .optional(),
});

export interface PaymentRouteDeps {
  db: Db;
  kit: RouteKit;
  payments: PaymentGateway;
  config: Pick<ApiConfig, 'paymentRateLimit'>;
  metrics: Pick<ShopMetrics, 'paymentRefused'>;
}

const tag = 'payments';

export function registerPaymentRoutes(app: ZodApp, { db, kit, payments, config, metrics }: PaymentRouteDeps) {
  // Card testing and intent spam: both calls are limited per client address.
  const rateLimit = config.paymentRateLimit;
  app.post(
    '/payment/process',
    kit.user({
      tag,
      summary: 'Create a card payment intent for an amount in paise; answers its client_secret',
      description:
        'The amount is only what the browser will be charged; the order endpoint recomputes the total from the ' +
        'catalog and refuses an intent whose amount differs.',
      body: paymentProcessRequestSchema,
      response: { 200: paymentProcessResponseSchema },
      rateLimit,
    }),
    async (request) => {
      const intent = await payments.createIntent(currentUser(request).id, request.body.amount);
      return { success: true as const, client_secret: intent.clientSecret };
    },
  );

  if (payments.kind !== 'local') return;

  app.post(
    '/payment/confirm',
    kit.public({
      tag,
      summary:
        'Local test-mode gateway: confirm an intent with card details (like Stripe confirmCardPayment)',
      description:
        '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (402), any other number is refused as not ' +
        'a test card (400). The client_secret is the credential; no bearer token is needed.',
      body: paymentConfirmRequestSchema,
      response: { 200: paymentConfirmResponseSchema, 400: cardErrorSchema, 402: cardErrorSchema },
      rateLimit,
    }),
    async (request, reply) => {
      try {
        return { paymentIntent: await confirmLocalIntent(db, request.body) };
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        if (error.statusCode === 402) metrics.paymentRefused('card_declined');
        return reply.status(error.statusCode as 400).send({
          success: false,
          message: error.message,
          error: {
            message: error.message,
            code: error.code,
            ...(error.declineCode ? { decline_code: error.declineCode } : {}),
          },
        });
      }
    },
  );
}
