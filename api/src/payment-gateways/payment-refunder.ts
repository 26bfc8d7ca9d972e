import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentRequests } from '../db/schema.ts';
import type { PaymentGateway, RefundOptions } from './gateway.ts';
import type { PaymentRequestGateway } from './upi-gateway.ts';

/** Who gives an order's money back: the gateway that took it, or the shop's own hand for cash. */
export type RefundGateway = 'local' | 'stripe' | 'razorpay' | 'upi' | 'cash';

export interface PaymentRefunder {
  gatewayOf(paymentId: string): Promise<RefundGateway>;
  /** Refunds through the gateway that took the payment; cash has nothing to call (handed back by hand). */
  refund(paymentId: string, options?: RefundOptions): Promise<void>;
}

/**
 * Routes a refund to the gateway that took the payment: card intents (`pi_…`) to the card gateway,
 * payment requests (`upi_…`, `rzp_…`) to the UPI/Razorpay gateway, cash-on-delivery (`cod_…`) nowhere.
 */
export function paymentRefunder(
  db: Db,
  payments: PaymentGateway,
  upi: PaymentRequestGateway | null,
): PaymentRefunder {
  const requestOf = async (paymentId: string) =>
    (await db.select().from(paymentRequests).where(eq(paymentRequests.id, paymentId)))[0];
  return {
    async gatewayOf(paymentId) {
      if (paymentId.startsWith('cod_')) return 'cash';
      if (!/^(upi|rzp)_/.test(paymentId)) return payments.kind;
      const request = await requestOf(paymentId);
      return request?.gateway === 'razorpay' ? 'razorpay' : 'upi';
    },
    async refund(paymentId, options) {
      if (paymentId.startsWith('cod_')) return;
      if (!/^(upi|rzp)_/.test(paymentId)) return payments.refund(paymentId, options);
      const request = await requestOf(paymentId);
      if (!request || !upi) throw new Error(`No gateway can refund payment ${paymentId}`);
      await upi.refund(request, options);
    },
  };
}
