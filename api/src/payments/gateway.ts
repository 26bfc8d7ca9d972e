/** A payment intent as the order check sees it, whichever gateway holds it. */
export interface VerifiedIntent {
  id: string;
  status: string;
  amountPaise: number;
  currency: string;
  /** The user the intent was created for (from our table, or Stripe metadata). */
  userId: string | null;
}

/** Card payments: the local test-mode gateway by default, Stripe when STRIPE_SECRET_KEY is set. */
export interface PaymentGateway {
  kind: 'local' | 'stripe';
  createIntent(userId: string, amountPaise: number): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the gateway knows it, or null when it does not exist. */
  retrieveIntent(id: string): Promise<VerifiedIntent | null>;
  /** Gives a succeeded payment back in full. Idempotent: refunding a refunded intent is a no-op. */
  refund(id: string): Promise<void>;
}
