/** A payment intent as the order check sees it, whichever gateway holds it. */
export interface VerifiedIntent {
  id: string;
  status: string;
  amountPaise: number;
  currency: string;
  /** The user the intent was created for (from our table, or Stripe metadata). */
  userId: string | null;
}

/**
 * A refund of part of a payment, or all of it (no amount). The key makes a repeat of the same refund (a
 * retry after a lost answer) give back nothing more; without one, the payment's own id is the key.
 */
export interface RefundOptions {
  amountPaise?: number;
  idempotencyKey?: string;
}

/** Card payments: the local test-mode gateway by default, Stripe when STRIPE_SECRET_KEY is set. */
export interface PaymentGateway {
  kind: 'local' | 'stripe';
  createIntent(userId: string, amountPaise: number): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the gateway knows it, or null when it does not exist. */
  retrieveIntent(id: string): Promise<VerifiedIntent | null>;
  /**
   * Gives a succeeded payment back, in full or `amountPaise` of it. Idempotent by key: a repeated refund
   * is a no-op, and so is refunding a fully refunded intent.
   */
  refund(id: string, options?: RefundOptions): Promise<void>;
}
