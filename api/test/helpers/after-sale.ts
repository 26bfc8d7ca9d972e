import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderRefunds, paymentIntentRefunds, paymentIntents, products } from '../../src/db/schema.ts';
import { addProduct, newOrderRequest, pay, totalPaiseOf, type SignedIn } from './shop.ts';
import type { UsedTestApp } from './test-app.ts';

// What the tests of an order after its sale share (order-cancellations, order-refunds, order-shipping):
// a paid order to work on, the admin's and the shopper's calls, and what the database and the mail log hold.

export const LAMP = 123_450;
export const MUG = 25_000;

export const paise = (rupees: number) => Math.round(rupees * 100);

/** The helpers over the test app `t` (its admin signed in). */
export function afterSaleKit(t: UsedTestApp) {
  /** A paid card order of 2 lamps and 3 mugs (stock 10 each): ids, the intent, and what was paid. */
  async function paidOrder(buyer: SignedIn) {
    const lamp = await addProduct(t.app, { name: 'Brass Lamp', pricePaise: LAMP, stock: 10 });
    const mug = await addProduct(t.app, { name: 'Clay Mug', pricePaise: MUG, stock: 10 });
    const paidPaise = totalPaiseOf([
      { pricePaise: LAMP, quantity: 2 },
      { pricePaise: MUG, quantity: 3 },
    ]);
    const { intentId } = await pay(t.app, buyer, paidPaise);
    const response = await t.app.inject(
      newOrderRequest(
        buyer,
        [
          { product: lamp.id, quantity: 2 },
          { product: mug.id, quantity: 3 },
        ],
        intentId,
      ),
    );
    expect(response.statusCode).toBe(201);
    return { orderId: response.json().order._id as string, lamp: lamp.id, mug: mug.id, intentId, paidPaise };
  }

  const stockOf = async (id: string) =>
    (await t.app.shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
      .stock;
  const intentOf = async (id: string) =>
    (await t.app.shop.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0]!;
  const gatewayRefundsOf = async (intentId: string) =>
    t.app.shop.db.select().from(paymentIntentRefunds).where(eq(paymentIntentRefunds.intentId, intentId));
  const refundRowsOf = (orderId: string) =>
    t.app.shop.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const cancel = (orderId: string) => t.request('POST', `/admin/order/${orderId}/cancel`, { as: t.admin });
  const refundLines = (orderId: string, lines: object[], refundsSeen: number) =>
    t.request('POST', `/admin/order/${orderId}/refund`, { as: t.admin, payload: { lines, refundsSeen } });
  const returnLines = (orderId: string, lines: object[], restock: boolean, refundsSeen: number) =>
    t.request('POST', `/admin/order/${orderId}/return`, {
      as: t.admin,
      payload: { lines, restock, refundsSeen },
    });
  const moveTo = (orderId: string, payload: object) =>
    t.request('PUT', `/admin/order/${orderId}`, { as: t.admin, payload });
  const mailed = (pattern: RegExp) => t.logs.some((line) => pattern.test(String(line.msg)));
  /** The order's entries on the Activity screen (issue 29 §4), for one action. */
  const activityOf = async (orderId: string, action: string) => {
    const response = await t.request('GET', `/admin/activity?target=${orderId}&action=${action}`, {
      as: t.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ entries: { changes: { field: string; before: unknown; after: unknown }[] }[] }>()
      .entries;
  };

  const cancelMine = (orderId: string, as: SignedIn) => t.request('POST', `/order/${orderId}/cancel`, { as });
  return {
    paidOrder,
    stockOf,
    intentOf,
    gatewayRefundsOf,
    refundRowsOf,
    cancel,
    refundLines,
    returnLines,
    moveTo,
    mailed,
    activityOf,
    cancelMine,
  };
}
