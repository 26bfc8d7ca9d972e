import type { ApiConfig } from '../config/api-config.ts';
import type { Db } from '../db/client.ts';
import type { ZodApp } from '../http/types.ts';
import type { PaymentGateway } from './gateway.ts';
import { createLocalGateway } from './local-gateway.ts';
import { createLocalUpiGateway } from './local-upi-gateway.ts';
import { createRazorpayGateway, type RazorpayConnection, type RazorpayGateway } from './razorpay-gateway.ts';
import { createStripeGateway, type StripeConnection } from './stripe-gateway.ts';
import type { PaymentRequestGateway } from './upi-gateway.ts';

export interface PaymentGateways {
  /** Cards: Stripe when its keys are set, else the local test gateway. */
  payments: PaymentGateway;
  /** Razorpay when its keys are set (in production too). */
  razorpay: RazorpayGateway | null;
  /** UPI: Razorpay, else the local test gateway outside production, else none. */
  upi: PaymentRequestGateway | null;
}

/**
 * The gateways the configuration names, closed with the app. The local UPI gateway answers through the
 * api's own webhook, as a real gateway would, so it is handed the app to call it with.
 */
export function openPaymentGateways(
  app: Pick<ZodApp, 'inject' | 'log' | 'addHook'>,
  config: ApiConfig,
  db: Db,
  connections: { stripe?: StripeConnection; razorpay?: RazorpayConnection } = {},
): PaymentGateways {
  const payments =
    config.paymentGateway === 'stripe'
      ? createStripeGateway(config.stripeSecretKey!, connections.stripe)
      : createLocalGateway(db);
  const razorpay = config.razorpay ? createRazorpayGateway(config.razorpay, connections.razorpay) : null;
  const upi: PaymentRequestGateway | null = razorpay
    ? razorpay
    : config.upi.enabled && !config.production
      ? createLocalUpiGateway({
          decisionMs: config.upi.testDecisionMs,
          webhookSecret: config.upi.webhookSecret,
          deliver: async (body, signature) => {
            const answer = await app.inject({
              method: 'POST',
              url: '/api/v1/payment/webhook',
              headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
              payload: body,
            });
            if (answer.statusCode !== 200)
              throw new Error(`webhook answered ${answer.statusCode}: ${answer.body}`);
          },
          onDeliveryError: (error) =>
            app.log.error({ err: error }, 'UPI webhook not delivered; the sweep settles it'),
        })
      : null;
  if (upi) app.addHook('onClose', async () => upi.close());
  return { payments, razorpay, upi };
}
