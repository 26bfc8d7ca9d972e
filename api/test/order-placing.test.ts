import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, pay, register, shippingInfo, totalPaiseOf, type SignedIn } from './helpers/shop.ts';
import { products } from '../src/db/schema.ts';

const t = useTestApp({ admin: true });

const placeOrder = (buyer: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/order/new', headers: buyer.auth, payload });
const stockOf = async (id: string) =>
  (await t.app.shop.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

describe('POST /order/new', () => {
  it('recomputes every figure from the catalog, ignoring what the browser sends, and decrements stock', async () => {
    const buyer = await register(t.app, { name: 'Buyer' });
    const phone = await addProduct(t.app, { name: 'Phone', pricePaise: 45_000, stock: 5 });
    const cover = await addProduct(t.app, { name: 'Cover', pricePaise: 14_950, stock: 9 });
    // 2 x 450 + 1 x 149.50 = 1049.50 rupees: above 1,000, so free shipping; GST 188.91.
    const total = totalPaiseOf([
      { pricePaise: 45_000, quantity: 2 },
      { pricePaise: 14_950, quantity: 1 },
    ]);
    expect(total).toBe(104_950 + 18_891);
    const { intentId } = await pay(t.app, buyer, total);
    const response = await placeOrder(buyer, {
      orderItems: [
        { product: phone.id, quantity: 2, price: 1, name: 'Cheap', image: 'x' },
        { product: cover.id, quantity: 1, price: 0 },
      ],
      shippingInfo: { ...shippingInfo, pinCode: 560001, phoneNo: 9876543210 },
      paymentInfo: { id: intentId, status: 'succeeded' },
      itemsPrice: 1,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 1,
      user: t.admin.userId,
      orderStatus: 'Delivered',
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order).toMatchObject({
      user: { _id: buyer.userId, name: 'Buyer' },
      itemsPrice: 1049.5,
      taxPrice: 188.91,
      shippingPrice: 0,
      totalPrice: 1238.41,
      orderStatus: 'Processing',
      paymentInfo: { id: intentId, status: 'succeeded' },
      shippingInfo: { ...shippingInfo },
      deliveredAt: null,
    });
    expect(order.orderItems).toEqual([
      expect.objectContaining({ product: phone.id, name: 'Phone', price: 450, quantity: 2 }),
      expect.objectContaining({ product: cover.id, name: 'Cover', price: 149.5, quantity: 1 }),
    ]);
    expect(await stockOf(phone.id)).toBe(3);
    expect(await stockOf(cover.id)).toBe(8);
  });

  it('charges 200 rupees shipping up to a 1,000 rupee subtotal', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 100_000, stock: 3 });
    const total = totalPaiseOf([{ pricePaise: 100_000, quantity: 1 }]);
    expect(total).toBe(100_000 + 18_000 + 20_000);
    const { intentId } = await pay(t.app, buyer, total);
    const response = await placeOrder(buyer, {
      orderItems: [{ product: item.id, quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({
      itemsPrice: 1000,
      shippingPrice: 200,
      taxPrice: 180,
      totalPrice: 1380,
    });
  });

  it('refuses a payment for a different amount than the server total', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 200_000, stock: 3 });
    const { intentId } = await pay(t.app, buyer, 100); // one rupee for a 2,000 rupee product
    const response = await placeOrder(buyer, {
      orderItems: [{ product: item.id, quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/does not match the order total/);
    expect(await stockOf(item.id)).toBe(3);
  });

  it("refuses an unconfirmed, a declined, an unknown and someone else's payment", async () => {
    const buyer = await register(t.app);
    const other = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 50_000, stock: 3 });
    const total = totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]);
    const order = (id: string) =>
      placeOrder(buyer, {
        orderItems: [{ product: item.id, quantity: 1 }],
        shippingInfo,
        paymentInfo: { id, status: 'succeeded' },
      });

    const unconfirmed = await t.request('POST', '/payment/process', {
      as: buyer,
      payload: { amount: total },
    });
    const unconfirmedId = unconfirmed.json().client_secret.split('_secret_')[0];
    expect((await order(unconfirmedId)).json().message).toBe('Payment has not succeeded');

    const declined = await pay(t.app, buyer, total, '4000000000000002');
    expect(declined.confirmed.statusCode).toBe(402);
    expect((await order(declined.intentId)).json().message).toBe('Payment has not succeeded');

    expect((await order('pi_doesnotexist')).json().message).toBe('Payment could not be verified');
    expect((await order('not a payment id')).json().message).toBe('Payment could not be verified');

    const othersPayment = await pay(t.app, other, total);
    const response = await order(othersPayment.intentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This payment was not made by you');
    expect(await stockOf(item.id)).toBe(3);
  });

  it('never uses one payment for two orders', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
    const { intentId } = await pay(t.app, buyer, totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]));
    const payload = {
      orderItems: [{ product: item.id, quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    };
    const [first, second] = await Promise.all([placeOrder(buyer, payload), placeOrder(buyer, payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const third = await placeOrder(buyer, payload);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('This payment has already been used for an order');
    expect(await stockOf(item.id)).toBe(4);

    // Deleting the order does not free its payment for another order.
    const placed = [first, second].find((response) => response.statusCode === 201)!.json().order;
    const deleted = await t.request('DELETE', `/admin/order/${placed._id}`, { as: t.admin });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await placeOrder(buyer, payload);
    expect(afterDelete.statusCode).toBe(400);
    expect(afterDelete.json().message).toBe('This payment has already been used for an order');
    // The deleted order was not delivered: its unit went back in stock (issue 29), and no new order took it.
    expect(await stockOf(item.id)).toBe(5);
  });

  it('refuses more than the stock, and unknown products', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { name: 'Scarce', pricePaise: 10_000, stock: 2 });
    const total = totalPaiseOf([{ pricePaise: 10_000, quantity: 3 }]);
    const { intentId } = await pay(t.app, buyer, total);
    const tooMany = await placeOrder(buyer, {
      orderItems: [{ product: item.id, quantity: 3 }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(
      /^Insufficient stock for Scarce: 2 left\. Your payment of ₹[\d.]+ has been refunded\.$/,
    );
    // The same product on two lines counts together.
    const split = await placeOrder(buyer, {
      orderItems: [
        { product: item.id, quantity: 2 },
        { product: item.id, quantity: 1 },
      ],
      shippingInfo,
      paymentInfo: { id: (await pay(t.app, buyer, total)).intentId, status: 'succeeded' },
    });
    expect(split.json().message).toMatch(/^Insufficient stock for Scarce: 2 left\. Your payment/);
    const unknown = await placeOrder(buyer, {
      orderItems: [{ product: 'f'.repeat(24), quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: (await pay(t.app, buyer, total)).intentId, status: 'succeeded' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await stockOf(item.id)).toBe(2);
  });

  it.each([
    [{ orderItems: [] }, /no items/],
    [{ orderItems: [{ product: 'abc', quantity: 1 }] }, /product/],
    [{ orderItems: [{ product: 'a'.repeat(24), quantity: 0 }] }, /quantity/],
    [{ shippingInfo: { ...shippingInfo, phoneNo: '12345' } }, /Phone Number should be 10 digit long/],
    [{ shippingInfo: { ...shippingInfo, city: '' } }, /City/],
    [{ shippingInfo: undefined }, /shippingInfo/],
    [{ paymentInfo: { status: 'succeeded' } }, /paymentInfo/],
  ])('answers 400 for a malformed order %j', async (override, message) => {
    const buyer = await register(t.app);
    const response = await placeOrder(buyer, {
      orderItems: [{ product: 'a'.repeat(24), quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: 'pi_x', status: 'succeeded' },
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('fifty concurrent orders for a product with stock 10 create exactly ten', async () => {
    const item = await addProduct(t.app, { name: 'Hot Item', pricePaise: 99_900, stock: 10 });
    const total = totalPaiseOf([{ pricePaise: 99_900, quantity: 1 }]);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => register(t.app)));
    const attempts = [];
    for (let i = 0; i < 50; i++) {
      const buyer = buyers[i % buyers.length]!;
      const { intentId } = await pay(t.app, buyer, total);
      attempts.push({ buyer, intentId });
    }
    const responses = await Promise.all(
      attempts.map(({ buyer, intentId }) =>
        placeOrder(buyer, {
          orderItems: [{ product: item.id, quantity: 1 }],
          shippingInfo,
          paymentInfo: { id: intentId, status: 'succeeded' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    expect(await stockOf(item.id)).toBe(0);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: t.admin.auth });
    const ofItem = all
      .json()
      .orders.filter(
        (order: { orderItems: { product: string }[] }) => order.orderItems[0]?.product === item.id,
      );
    expect(ofItem).toHaveLength(10);
  });
});
