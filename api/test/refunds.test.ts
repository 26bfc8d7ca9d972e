import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, pay, register, shippingInfo, totalPaiseOf, type SignedIn } from './helpers/shop.ts';
import { paymentIntents, products } from '../src/db/schema.ts';

// A payment that succeeded for an order the server then refuses is refunded through the same gateway at
// once; it never pays for an order afterwards. (Stripe: stripe.test.ts.)
const t = useTestApp();

const placeOrder = (buyer: SignedIn, productId: string, intentId: string, quantity = 1) =>
  t.request('POST', '/order/new', {
    as: buyer,
    payload: {
      orderItems: [{ product: productId, quantity }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    },
  });
const statusesOf = async (ids: string[]) =>
  (await t.app.shop.db.select().from(paymentIntents).where(inArray(paymentIntents.id, ids))).map(
    (row) => row.status,
  );

describe('refused orders are refunded', () => {
  it('a stock-5 race: 50 paid, 5 orders, the other 45 payments refunded and told so', async () => {
    const item = await addProduct(t.app, { name: 'Last Five', pricePaise: 99_900, stock: 5 });
    const total = totalPaiseOf([{ pricePaise: 99_900, quantity: 1 }]);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => register(t.app)));
    const attempts: { buyer: SignedIn; intentId: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const buyer = buyers[i % buyers.length]!;
      attempts.push({ buyer, intentId: (await pay(t.app, buyer, total)).intentId });
    }
    const responses = await Promise.all(
      attempts.map(({ buyer, intentId }) => placeOrder(buyer, item.id, intentId)),
    );
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const response of refused)
      expect(response.json().message).toBe(
        'Insufficient stock for Last Five: 0 left. Your payment of ₹1378.82 has been refunded.',
      );
    const statuses = await statusesOf(attempts.map((attempt) => attempt.intentId));
    expect(statuses.filter((status) => status === 'succeeded')).toHaveLength(5);
    expect(statuses.filter((status) => status === 'refunded')).toHaveLength(45);
  });

  it('refunds when the product is gone or the amount does not match, and the refunded payment is spent', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 50_000, stock: 3 });
    const total = totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]);

    const { intentId: forGone, clientSecret } = await pay(t.app, buyer, total);
    await t.app.shop.db.delete(products).where(eq(products.id, item.id));
    const gone = await placeOrder(buyer, item.id, forGone);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(
      /^Product not found: [0-9a-f]{24}\. Your payment of ₹790 has been refunded\.$/,
    );

    const other = await addProduct(t.app, { pricePaise: 50_000, stock: 3 });
    const { intentId: wrongAmount } = await pay(t.app, buyer, total + 5_000);
    const mismatch = await placeOrder(buyer, other.id, wrongAmount);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/does not match the order total .*has been refunded\.$/);
    expect(await statusesOf([forGone, wrongAmount])).toEqual(['refunded', 'refunded']);

    // A refunded payment pays for nothing and cannot be confirmed again.
    const reuse = await placeOrder(buyer, other.id, forGone);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('This payment was refunded; start the payment again');
    const reconfirm = await t.request('POST', '/payment/confirm', {
      payload: {
        client_secret: clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        billing_details: { name: 'B', email: buyer.email },
      },
    });
    expect(reconfirm.statusCode).toBe(400);
    expect(reconfirm.json().message).toBe('This payment was refunded. Start the payment again.');
  });

  it('a payment refused for a fixable reason before the order is checked stays usable, and is not refunded', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 50_000, stock: 3 });
    const { intentId } = await pay(t.app, buyer, totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]));
    const badPhone = await t.request('POST', '/order/new', {
      as: buyer,
      payload: {
        orderItems: [{ product: item.id, quantity: 1 }],
        shippingInfo: { ...shippingInfo, phoneNo: '123' },
        paymentInfo: { id: intentId, status: 'succeeded' },
      },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(await statusesOf([intentId])).toEqual(['succeeded']);
    expect((await placeOrder(buyer, item.id, intentId)).statusCode).toBe(201);
  });
});
