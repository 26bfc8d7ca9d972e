import Stripe from 'stripe';
import { badGateway } from '../http/errors.ts';
import type { PaymentGateway } from './gateway.ts';

/** Where the SDK sends its calls; unset means api.stripe.com. Tests point it at a local fake. */
export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const UNAVAILABLE = 'The card payment service is unavailable; please try again in a moment';

/**
 * Any Stripe failure the shop cannot act on is a 502 with a message the shopper can read: Stripe's own
 * status never reaches the browser (a 401 from a rotated key would sign the shopper out).
 */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw badGateway(UNAVAILABLE, error);
    throw error;
  }
}

/** Card payments through Stripe (STRIPE_SECRET_KEY); the browser confirms with Stripe.js. */
export function createStripeGateway(secretKey: string, connection?: StripeConnection): PaymentGateway {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...(connection ?? {}) });
  return {
    kind: 'stripe',
    async createIntent(userId, amountPaise) {
      const intent = await viaStripe(() =>
        stripe.paymentIntents.create({
          amount: amountPaise,
          currency: 'inr',
          allowed_payment_method_types: ['card'],
          metadata: { userId },
        }),
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amountPaise: intent.amount,
          currency: intent.currency,
          userId: intent.metadata?.userId ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null;
        if (error instanceof Stripe.errors.StripeError) throw badGateway(UNAVAILABLE, error);
        throw error;
      }
    },
    async refund(id, options = {}) {
      try {
        // One refund per key, however often it is asked for (retries after a failure included): without
        // a key, the intent's whole refund of a refused order.
        await stripe.refunds.create(
          {
            payment_intent: id,
            ...(options.amountPaise === undefined ? {} : { amount: options.amountPaise }),
            reason: 'requested_by_customer',
            metadata: { why: options.idempotencyKey ? 'order refunded by the shop' : 'order refused' },
          },
          { idempotencyKey: options.idempotencyKey ?? `refund-${id}` },
        );
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return;
        throw error;
      }
    },
  };
}
