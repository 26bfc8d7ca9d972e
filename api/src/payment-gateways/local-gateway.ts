import { and, eq, sql } from 'drizzle-orm';
import type { PaymentConfirmRequest, PaymentIntent } from '@shop/shared-api/schemas';
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from '@shop/shared-api/schemas';
import type { Db } from '../db/client.ts';
import { paymentIntentRefunds, paymentIntents } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { randomToken, sameSecret, sha256 } from '../auth/secrets.ts';
import type { PaymentGateway } from './gateway.ts';

/** A refusal shaped like a card provider's error: status, message, code. */
export class CardError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly declineCode: string | undefined;
  constructor(statusCode: number, code: string, message: string, declineCode?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.declineCode = declineCode;
  }
}

const CLIENT_SECRET = /^(pi_[0-9a-f]{24})_secret_([A-Za-z0-9_-]{16,64})$/;

/** Test-mode card payment intents kept in our own table; only the providers' documented test cards work. */
export function createLocalGateway(db: Db): PaymentGateway {
  return {
    kind: 'local',
    async createIntent(userId, amountPaise) {
      const id = `pi_${newId()}`;
      const secret = randomToken(24);
      await db.insert(paymentIntents).values({ id, secretHash: sha256(secret), userId, amountPaise });
      return { id, clientSecret: `${id}_secret_${secret}` };
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountPaise: row.amountPaise,
        currency: row.currency,
        userId: row.userId,
      };
    },
    async refund(id, options = {}) {
      // As Stripe does: one refund per key, never more than is left, 'refunded' once nothing is left.
      await db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.id, id))
          .for('update');
        if (!intent || intent.status !== 'succeeded') return;
        const left = intent.amountPaise - intent.refundedPaise;
        const amountPaise = Math.min(options.amountPaise ?? left, left);
        const [claimed] = await tx
          .insert(paymentIntentRefunds)
          .values({ idempotencyKey: options.idempotencyKey ?? `refund-${id}`, intentId: id, amountPaise })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return;
        await tx
          .update(paymentIntents)
          .set({
            refundedPaise: sql`${paymentIntents.refundedPaise} + ${amountPaise}`,
            ...(amountPaise === left ? { status: 'refunded' as const } : {}),
          })
          .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'succeeded')));
      });
    },
  };
}

function expiryInPast(expiry: string, now: Date) {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  if (!month || month < 1 || month > 12 || year === undefined) return true;
  // A card is valid through the last day of its expiry month.
  return new Date(Date.UTC(2000 + year, month, 1)) <= now;
}

/** Confirms an intent with card details, as the browser does with Stripe's confirmCardPayment. */
export async function confirmLocalIntent(
  db: Db,
  request: PaymentConfirmRequest & { card: { number: string } },
): Promise<PaymentIntent> {
  const match = CLIENT_SECRET.exec(request.client_secret);
  const [row] = match ? await db.select().from(paymentIntents).where(eq(paymentIntents.id, match[1]!)) : [];
  if (!match || !row || !sameSecret(row.secretHash, sha256(match[2]!))) {
    throw new CardError(400, 'resource_missing', 'No such payment intent. Start the payment again.');
  }
  const view = (status: PaymentIntent['status']): PaymentIntent => ({
    id: row.id,
    status,
    amount: row.amountPaise,
    currency: 'inr',
  });
  if (row.status === 'succeeded') return view('succeeded');
  if (row.status === 'refunded') {
    throw new CardError(
      400,
      'payment_intent_unexpected_state',
      'This payment was refunded. Start the payment again.',
    );
  }
  if (expiryInPast(request.card.expiry, new Date())) {
    throw new CardError(400, 'expired_card', "Your card's expiration date is in the past.");
  }
  const number = request.card.number;
  if (number === TEST_CARD_DECLINED)
    throw new CardError(402, 'card_declined', 'Your card was declined.', 'generic_decline');
  if (number !== TEST_CARD_SUCCEEDS) {
    throw new CardError(
      400,
      'invalid_number',
      'Your card number is not a test card. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).',
    );
  }
  await db
    .update(paymentIntents)
    .set({ status: 'succeeded', cardLast4: number.slice(-4) })
    .where(eq(paymentIntents.id, row.id));
  return view('succeeded');
}
