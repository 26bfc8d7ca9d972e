import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, cashOrderRequest, register, totalPaiseOf } from './helpers/shop.ts';
import { orders, products } from '../src/db/schema.ts';

// Issue 25, item 4: cash on delivery is placed at once, NOT PAID, stock taken; Delivered makes it PAID.
const t = useTestApp({
  admin: true,
  config: {
    cashOnDelivery: {
      enabled: true,
      maxOrderPaise: 10_000_00,
      maxOpenOrders: 2,
      blockedPinCodes: ['7900*', '110001'],
    },
  },
});

const stockOf = async (id: string) =>
  (await t.app.shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const ordersOfUser = (userId: string) =>
  t.app.shop.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

describe('cash on delivery', () => {
  it('places the order at once, NOT PAID with its method, and takes the stock', async () => {
    const buyer = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: 399_00, stock: 5 });
    const response = await t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 2 }]));
    expect(response.statusCode).toBe(201);
    const order = response.json().order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      paymentInfo: { id: `cod_${order._id}`, status: 'pending' },
      paidAt: null,
      invoice: null,
      orderStatus: 'Processing',
      totalPrice: totalPaiseOf([{ pricePaise: 399_00, quantity: 2 }]) / 100,
    });
    expect(await stockOf(product.id)).toBe(3);
    const mine = (await t.request('GET', '/orders/me', { as: buyer })).json().orders;
    expect(mine).toEqual([expect.objectContaining({ _id: order._id, paymentMethod: 'cod' })]);
    // Not paid, so not invoiced yet.
    const invoice = await t.request('GET', `/order/${order._id}/invoice`, { as: buyer });
    expect(invoice.statusCode).toBe(404);
    expect(invoice.json().message).toMatch(/invoiced when it is delivered/);
  });

  it('ignores any price the browser sends', async () => {
    const buyer = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: 1_500_00, stock: 5 });
    const request = cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }]);
    const response = await t.app.inject({
      ...request,
      payload: {
        ...request.payload,
        orderItems: [{ product: product.id, quantity: 1, price: 1 }],
        totalPrice: 1,
        paymentInfo: { id: 'pi_fake', status: 'succeeded' },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({
      totalPrice: totalPaiseOf([{ pricePaise: 1_500_00, quantity: 1 }]) / 100,
      paymentInfo: { status: 'pending' },
    });
  });

  it('refuses an order over the COD limit with a clear message, and changes nothing', async () => {
    const buyer = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: 9_000_00, stock: 5 });
    const response = await t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message:
        'Cash on delivery is available for orders up to ₹10,000.00; this order is ₹10,620.00. Pay by card or UPI.',
    });
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOfUser(buyer.userId)).toEqual([]);
  });

  it.each([['790012'], ['110001']])(
    'refuses pin code %s, which the courier takes no cash in',
    async (pin) => {
      const buyer = await register(t.app);
      const product = await addProduct(t.app, { pricePaise: 100_00, stock: 5 });
      const response = await t.app.inject(
        cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }], { pinCode: pin }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `Cash on delivery is not available for pin code ${pin}; pay by card or UPI.`,
      );
      expect(await stockOf(product.id)).toBe(5);
    },
  );

  it('bounds the open cash orders of an account, even sent all at once', async () => {
    const buyer = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: 100_00, stock: 50 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }])),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 400, 400, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().message).toBe(
      'You have 2 cash-on-delivery orders not delivered yet, the most an account may have; pay this one by card or UPI.',
    );
    expect(await stockOf(product.id)).toBe(48);
    // Delivering one frees a place.
    const [first] = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().order);
    for (const status of ['Shipped', 'Delivered'])
      await t.request('PUT', `/admin/order/${first._id}`, { as: t.admin, payload: { status } });
    const again = await t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }]));
    expect(again.statusCode).toBe(201);
  });

  it('is PAID once the admin moves it to Delivered, and invoiced then', async () => {
    const buyer = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: 250_00, stock: 5 });
    const placed = (
      await t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }]))
    ).json().order;
    const shipped = await t.request('PUT', `/admin/order/${placed._id}`, {
      as: t.admin,
      payload: { status: 'Shipped' },
    });
    expect(shipped.json().order).toMatchObject({ paymentInfo: { status: 'pending' }, paidAt: null });
    const delivered = await t.request('PUT', `/admin/order/${placed._id}`, {
      as: t.admin,
      payload: { status: 'Delivered' },
    });
    expect(delivered.statusCode).toBe(200);
    const order = (await t.request('GET', `/order/${placed._id}`, { as: buyer })).json().order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      paymentInfo: { status: 'succeeded' },
      paidAt: expect.any(String),
      deliveredAt: expect.any(String),
      invoice: { number: expect.stringMatching(/^INV\/\d\d-\d\d\/\d{5}$/) },
    });
    expect(order.paidAt).toBe(order.deliveredAt);
    const pdf = await t.request('GET', `/order/${placed._id}/invoice`, { as: buyer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('offers cash on delivery on the payment page only where the server would take it', async () => {
    const buyer = await register(t.app);
    const methods = async (query: string) =>
      (await t.request('GET', `/payment/methods?${query}`, { as: buyer })).json().methods;
    expect(await methods('amount=50000&pinCode=560001')).toEqual([
      { method: 'card', available: true },
      { method: 'upi', available: true },
      { method: 'cod', available: true },
    ]);
    expect(await methods('amount=1062000&pinCode=560001')).toEqual([
      { method: 'card', available: true },
      { method: 'upi', available: true },
      {
        method: 'cod',
        available: false,
        reason:
          'Cash on delivery is available for orders up to ₹10,000.00; this order is ₹10,620.00. Pay by card or UPI.',
      },
    ]);
    expect((await methods('amount=50000&pinCode=790001'))[2]).toMatchObject({ available: false });
    const bad = await t.request('GET', '/payment/methods?amount=lots', { as: buyer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/amount/);
  });

  it('refuses every cash order while cash on delivery is switched off', async () => {
    const settings = t.app.shop.config.cashOnDelivery;
    settings.enabled = false;
    try {
      const buyer = await register(t.app);
      const product = await addProduct(t.app, { pricePaise: 100_00, stock: 5 });
      const response = await t.app.inject(cashOrderRequest(buyer, [{ product: product.id, quantity: 1 }]));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Cash on delivery is not available at the moment; pay by card or UPI.',
      );
      const offer = (await t.request('GET', '/payment/methods?amount=10000', { as: buyer })).json();
      expect(offer.methods[2]).toMatchObject({ method: 'cod', available: false });
    } finally {
      settings.enabled = true;
    }
  });
});
