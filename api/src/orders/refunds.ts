import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { usedPayments } from '../db/schema.ts';
import type { PaymentGateway } from '../payment-gateways/gateway.ts';

/**
 * Claims a succeeded payment for a refund: recorded as spent first, so no order can use it afterwards and
 * an order placed with it at this moment wins or loses cleanly (one primary key). False when it is already
 * spent, by an order or an earlier refund: then it must not be refunded.
 */
async function claimForRefund(db: Db, paymentId: string, userId: string) {
  const claimed = await db
    .insert(usedPayments)
    .values({ paymentId, userId, orderId: null, refund: 'pending' })
    .onConflictDoNothing()
    .returning({ paymentId: usedPayments.paymentId });
  return claimed.length > 0;
}

async function markRefunded(db: Db, paymentId: string) {
  await db
    .update(usedPayments)
    .set({ refund: 'refunded', refundedAt: new Date() })
    .where(and(eq(usedPayments.paymentId, paymentId), isNull(usedPayments.orderId)));
}

/**
 * Gives back a payment whose order was refused after it succeeded (stock ran out, product gone, amount
 * differs). 'refunded' when the gateway confirmed it; 'pending' when the gateway failed and the retry
 * (retryPendingRefunds) will finish it; null when the payment was not ours to refund.
 */
export async function refundRefusedPayment(
  db: Db,
  payments: Pick<PaymentGateway, 'refund'>,
  log: FastifyBaseLogger,
  payment: { id: string; userId: string },
): Promise<'refunded' | 'pending' | null> {
  if (!(await claimForRefund(db, payment.id, payment.userId))) return null;
  try {
    await payments.refund(payment.id);
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'refund failed; it will be retried');
    return 'pending';
  }
  await markRefunded(db, payment.id);
  log.info({ paymentId: payment.id }, 'payment refunded: its order was refused');
  return 'refunded';
}

/** Finishes refunds the gateway failed at the time (it is idempotent, so a repeat is harmless). */
export async function retryPendingRefunds(
  db: Db,
  payments: Pick<PaymentGateway, 'refund'>,
  log: FastifyBaseLogger,
) {
  const pending = await db
    .select({ paymentId: usedPayments.paymentId })
    .from(usedPayments)
    .where(eq(usedPayments.refund, 'pending'));
  let refunded = 0;
  for (const { paymentId } of pending) {
    try {
      await payments.refund(paymentId);
      await markRefunded(db, paymentId);
      refunded++;
    } catch (error) {
      log.error({ err: error, paymentId }, 'refund retry failed; trying again later');
    }
  }
  return refunded;
}
