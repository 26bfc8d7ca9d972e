import type { PaymentRequestRow } from '../db/schema.ts';
import type { RefundOptions } from './gateway.ts';

/** What the gateway says of a payment request now. */
export type GatewayVerdict =
  | { status: 'pending' }
  | { status: 'succeeded'; providerPaymentId: string; method?: string }
  | { status: 'failed'; message: string };

/**
 * Payments asked of the shopper for an order not placed yet, answered later (UPI collect requests; a
 * Razorpay checkout): the local test gateway by default, Razorpay when its keys are set.
 */
export interface PaymentRequestGateway {
  kind: 'local' | 'razorpay';
  /** Sends the request (a collect request to the VPA); answers the gateway's own reference of it. */
  send(request: PaymentRequestRow): Promise<{ providerRef: string }>;
  /** Asks the gateway how the request stands: the server's own check, never the browser's word. */
  verdict(request: PaymentRequestRow): Promise<GatewayVerdict>;
  /** Gives a succeeded payment back, in full or `amountPaise` of it; idempotent (see RefundOptions). */
  refund(
    request: Pick<PaymentRequestRow, 'id' | 'providerPaymentId' | 'amountPaise'>,
    options?: RefundOptions,
  ): Promise<void>;
  /** Whether a webhook's signature is the gateway's, over its raw body. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /** Stops what the gateway runs in the background (the local one's scheduled webhooks). */
  close(): void;
}

/** A refusal the shopper can act on (a VPA that is no test VPA), answered 400 with its message. */
export class PaymentRequestRefused extends Error {}
