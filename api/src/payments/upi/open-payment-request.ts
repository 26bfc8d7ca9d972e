import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentRequests, type PaymentRequestRow } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';
import { quantitiesOf } from '../../cart/cart-lines.ts';
import { priceLines } from '../../orders/place-order.ts';
import type { PaymentRequestGateway } from '../../payment-gateways/upi-gateway.ts';

export interface PaymentRequestAsked {
  userId: string;
  method: PaymentRequestRow['method'];
  /** The shopper's UPI id, for a collect request. */
  vpa?: string;
  orderItems: readonly { product: string; quantity: number }[];
  shippingInfo: PaymentRequestRow['orderDraft']['shippingInfo'];
}

/**
 * Stores a payment request for the total the server prices the lines at (stock is only looked at here;
 * it is taken when the payment succeeds) and sends it to the gateway. A request the gateway refused or
 * never got is deleted again and the gateway's error thrown, so nothing is left waiting on a payment
 * that cannot come. Answers the stored request with the gateway's reference.
 */
export async function openPaymentRequest(
  ctx: AppContext,
  gateway: PaymentRequestGateway,
  asked: PaymentRequestAsked,
): Promise<{ request: PaymentRequestRow; providerRef: string }> {
  const quantities = quantitiesOf(asked.orderItems);
  const { totals } = await ctx.db.transaction((tx) => priceLines(tx, quantities));
  const now = new Date();
  const [row] = await ctx.db
    .insert(paymentRequests)
    .values({
      id: `${asked.method === 'upi' ? 'upi' : 'rzp'}_${newId()}`,
      userId: asked.userId,
      method: asked.method,
      gateway: gateway.kind,
      vpa: asked.vpa,
      amountPaise: totals.totalPaise,
      orderDraft: {
        orderItems: [...quantities].map(([product, quantity]) => ({ product, quantity })),
        shippingInfo: asked.shippingInfo,
      },
      expiresAt: new Date(now.getTime() + ctx.config.upi.collectTimeoutSeconds * 1000),
      createdAt: now,
    })
    .returning();
  let sent: { providerRef: string };
  try {
    sent = await gateway.send(row!);
  } catch (error) {
    await ctx.db.delete(paymentRequests).where(eq(paymentRequests.id, row!.id));
    throw error;
  }
  const [saved] = await ctx.db
    .update(paymentRequests)
    .set({ providerRef: sent.providerRef })
    .where(eq(paymentRequests.id, row!.id))
    .returning();
  return { request: saved!, providerRef: sent.providerRef };
}
