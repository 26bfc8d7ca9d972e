import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, pay, register, shippingInfo, totalPaiseOf, type SignedIn } from './helpers/shop.ts';
import { orders, paymentIntents, products, usedPayments } from '../src/db/schema.ts';

// Issue 13 §2: 200 shoppers pay at once for the last 10 units. Exactly 10 orders, the 190 others refused
// with a message that says their money is back, their payments refunded, stock 0 and never below.
// Runs on PGlite, and on PostgreSQL in CI (DATABASE_URL), where the row locks are real.
const t = useTestApp();

const SHOPPERS = 200;
const STOCK = 10;

describe('a checkout rush on a product with stock 10', () => {
  it('200 concurrent paid checkouts: 10 orders, 190 refused and refunded, no oversell', async () => {
    const item = await addProduct(t.app, { name: 'Last Ten Lamp', pricePaise: 99_900, stock: STOCK });
    const total = totalPaiseOf([{ pricePaise: 99_900, quantity: 1 }]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => register(t.app)));
    const attempts: { buyer: SignedIn; intentId: string }[] = [];
    for (let n = 0; n < SHOPPERS; n++) {
      const buyer = buyers[n % buyers.length]!;
      attempts.push({ buyer, intentId: (await pay(t.app, buyer, total)).intentId });
    }

    const answers = await Promise.all(
      attempts.map(({ buyer, intentId }) =>
        t.request('POST', '/order/new', {
          as: buyer,
          payload: {
            orderItems: [{ product: item.id, quantity: 1 }],
            shippingInfo,
            paymentInfo: { id: intentId, status: 'succeeded' },
          },
        }),
      ),
    );

    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(placed).toHaveLength(STOCK);
    expect(refused).toHaveLength(SHOPPERS - STOCK);
    for (const answer of refused)
      expect(answer.json().message).toBe(
        'Insufficient stock for Last Ten Lamp: 0 left. Your payment of ₹1378.82 has been refunded.',
      );

    const [product] = await t.app.shop.db.select().from(products).where(eq(products.id, item.id));
    expect(product!.stock).toBe(0);
    const stored = (await t.app.shop.db.select().from(orders)).filter((order) =>
      order.orderItems.some((line) => line.product === item.id),
    );
    expect(stored).toHaveLength(STOCK);
    expect(stored.reduce((units, order) => units + order.orderItems[0]!.quantity, 0)).toBe(STOCK);

    // The refused shoppers' money: every payment not behind an order is refunded at the gateway and
    // recorded as spent by a refund, so it can never pay for an order later.
    const ordered = new Set(stored.map((order) => order.paymentId));
    const refusedIds = attempts.map((attempt) => attempt.intentId).filter((id) => !ordered.has(id));
    expect(refusedIds).toHaveLength(SHOPPERS - STOCK);
    const intents = await t.app.shop.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(inArray(paymentIntents.id, refusedIds));
    expect(intents.map((intent) => intent.status)).toEqual(refusedIds.map(() => 'refunded'));
    const spent = await t.app.shop.db
      .select({ refund: usedPayments.refund, orderId: usedPayments.orderId })
      .from(usedPayments)
      .where(inArray(usedPayments.paymentId, refusedIds));
    expect(spent).toHaveLength(SHOPPERS - STOCK);
    expect(spent.every((row) => row.refund === 'refunded' && row.orderId === null)).toBe(true);
  });
});
