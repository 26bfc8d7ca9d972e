import { createHmac } from 'node:crypto';
import { UPI_TEST_VPAS, type PaymentWebhook } from '@shop/shared-api/schemas';
import type { PaymentRequestRow } from '../db/schema.ts';
import { sameSecret } from '../auth/secrets.ts';
import { PaymentRequestRefused, type GatewayVerdict, type PaymentRequestGateway } from './upi-gateway.ts';

/** The test UPI ids (shared with the payment page's test-mode hint). */
export const TEST_VPA = UPI_TEST_VPAS;

/** What a payer's app says when the collect request is declined (the gateway's words, shown as they are). */
export const DECLINED_MESSAGE = 'The UPI payment was declined by the payer in their UPI app.';

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, in hex. */
const signatureOf = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/** The webhook the local gateway posts: Razorpay's event shape, signed as Razorpay signs. */
export function signedWebhook(secret: string, event: PaymentWebhook) {
  const body = JSON.stringify(event);
  return { body, signature: signatureOf(secret, body) };
}

export interface LocalUpiOptions {
  /** When a test VPA's payer approves or declines, after the request is sent. */
  decisionMs: number;
  webhookSecret: string;
  /** Posts a signed webhook to the api's own `/payment/webhook`, as a real gateway would. */
  deliver: (body: string, signature: string) => Promise<void>;
  onDeliveryError: (error: unknown) => void;
}

/**
 * The local test-mode UPI gateway. A collect request to success@razorpay is approved, to failure@razorpay
 * declined, `decisionMs` after it is sent, and the gateway then calls the api's webhook; pending@razorpay
 * never answers (the request expires). Its verdict follows from the request alone (its VPA and age), so it
 * stays true across a restart that lost a scheduled webhook: the browser's check and the sweep ask it.
 */
export function createLocalUpiGateway(options: LocalUpiOptions): PaymentRequestGateway {
  const scheduled = new Set<NodeJS.Timeout>();
  const decided = (request: PaymentRequestRow) =>
    Date.now() >= request.createdAt.getTime() + options.decisionMs;
  const providerPaymentId = (request: PaymentRequestRow) => `pay_${request.id.slice(4)}`;

  /** What the payer's app answers, once it does: by the test VPA alone. */
  const answerOf = (request: PaymentRequestRow): GatewayVerdict => {
    if (request.vpa === TEST_VPA.neverAnswers) return { status: 'pending' };
    if (request.vpa === TEST_VPA.succeeds)
      return { status: 'succeeded', providerPaymentId: providerPaymentId(request), method: 'upi' };
    return { status: 'failed', message: DECLINED_MESSAGE };
  };
  const verdictOf = (request: PaymentRequestRow): GatewayVerdict =>
    decided(request) ? answerOf(request) : { status: 'pending' };

  const webhookOf = (request: PaymentRequestRow, verdict: GatewayVerdict): PaymentWebhook => ({
    event: verdict.status === 'succeeded' ? 'payment.captured' : 'payment.failed',
    payload: {
      payment: {
        entity: {
          id: providerPaymentId(request),
          order_id: request.id,
          status: verdict.status === 'succeeded' ? 'captured' : 'failed',
          amount: request.amountPaise,
          method: 'upi',
          vpa: request.vpa,
          error_description: verdict.status === 'failed' ? verdict.message : null,
        },
      },
    },
  });

  return {
    kind: 'local',
    async send(request) {
      const vpa = request.vpa ?? '';
      if (!(Object.values(TEST_VPA) as string[]).includes(vpa))
        throw new PaymentRequestRefused(
          `${vpa} is not a test UPI ID. Use ${TEST_VPA.succeeds} (approved), ${TEST_VPA.declined} (declined) or ${TEST_VPA.neverAnswers} (never answers).`,
        );
      if (vpa !== TEST_VPA.neverAnswers) {
        const timer = setTimeout(
          () => {
            scheduled.delete(timer);
            // The payer's answer itself, not verdictOf: a timer may fire a millisecond before the
            // decision time by the wall clock, and a 'pending' must never be sent as payment.failed.
            const { body, signature } = signedWebhook(
              options.webhookSecret,
              webhookOf(request, answerOf(request)),
            );
            options.deliver(body, signature).catch(options.onDeliveryError);
          },
          Math.max(0, request.createdAt.getTime() + options.decisionMs - Date.now()),
        );
        timer.unref();
        scheduled.add(timer);
      }
      return { providerRef: request.id };
    },
    async verdict(request) {
      return verdictOf(request);
    },
    async refund() {
      // Test mode: no money moved, so there is nothing to send back; the request is marked refunded.
    },
    verifyWebhook(rawBody, signature) {
      return sameSecret(signatureOf(options.webhookSecret, rawBody), signature);
    },
    close() {
      for (const timer of scheduled) clearTimeout(timer);
      scheduled.clear();
    },
  };
}
