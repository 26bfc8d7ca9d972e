import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import fc from 'fast-check';
import {
  addProduct,
  register,
  registerAdmin,
  shippingInfo,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';
import { inputsFor, type Pools } from './helpers/schema-arbitrary.ts';
import { RECORDED, startFakeRazorpay } from './helpers/fake-razorpay.ts';
import { orders, paymentRequests, products } from '../src/db/schema.ts';
import { sweepPaymentRequests } from '../src/payments/upi/settle-payment-request.ts';
import { INVALID_SIGNATURE } from '../src/payments/razorpay-routes.ts';
import { retryPendingRefunds } from '../src/orders/refunds.ts';

// Issue 25, item 5: Razorpay through its official SDK, against a local fake answering Razorpay's recorded
// answers (its servers are unreachable here), as the Stripe path is tested.
const KEY_ID = 'rzp_test_FakeKeyId01';
const KEY_SECRET = 'fake_key_secret_for_tests';
const WEBHOOK_SECRET = 'fake_webhook_secret';

let razorpay: Awaited<ReturnType<typeof startFakeRazorpay>>;
const t = useTestApp(async () => {
  razorpay = await startFakeRazorpay(KEY_SECRET);
  return {
    config: { razorpay: { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET } },
    razorpayConnection: razorpay.connection,
  };
});
afterAll(() => razorpay.close());

const PRICE = 399_00;
const TOTAL = totalPaiseOf([{ pricePaise: PRICE, quantity: 1 }]);

async function startCheckout(buyer: SignedIn, stock = 10) {
  const product = await addProduct(t.app, { pricePaise: PRICE, stock });
  const response = await t.request('POST', '/payment/razorpay/order', {
    as: buyer,
    // The browser's price is ignored: the server prices the lines.
    payload: { orderItems: [{ product: product.id, quantity: 1, price: 1 }], shippingInfo },
  });
  return { product, response };
}
const verify = (buyer: SignedIn, id: string, answer: Record<string, string>) =>
  t.request('POST', '/payment/razorpay/verify', { as: buyer, payload: { id, ...answer } });
const ordersOf = (userId: string) => t.app.shop.db.select().from(orders).where(eq(orders.userId, userId));
const requestRow = async (id: string) =>
  (await t.app.shop.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

/** Razorpay's webhook, signed as Razorpay signs it (HMAC-SHA256 of the raw body, the webhook secret). */
function webhook(event: string, entity: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_Fake',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { ...RECORDED.payment, ...entity } } },
    created_at: 1764070300,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
    },
    payload: body,
  });
}

describe('Razorpay (the SDK against recorded answers)', () => {
  it('creates the Razorpay order through the SDK for the server’s total, with the key id and secret', async () => {
    const buyer = await register(t.app);
    const { response } = await startCheckout(buyer);
    expect(response.statusCode).toBe(201);
    const payment = response.json().payment;
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^rzp_[0-9a-f]{24}$/),
      status: 'pending',
      amount: TOTAL,
      currency: 'INR',
      keyId: KEY_ID,
      orderId: expect.stringMatching(/^order_/),
    });
    const call = razorpay.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/orders',
    )!;
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(call.body).toMatchObject({
      amount: TOTAL,
      currency: 'INR',
      receipt: payment.id,
      notes: { paymentRequest: payment.id, userId: buyer.userId },
    });
  });

  it('places one order for the checkout’s signed answer, whether the browser, the webhook or replays say it', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startCheckout(buyer);
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId, { method: 'upi' });

    const verified = await verify(buyer, id, answer);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().payment).toMatchObject({ status: 'succeeded', orderId: expect.any(String) });
    // The server looked at the payment itself before placing the order.
    expect(
      razorpay.requests.some((request) => request.path === `/v1/payments/${answer.razorpay_payment_id}`),
    ).toBe(true);
    expect((await verify(buyer, id, answer)).json().payment.orderId).toBe(verified.json().payment.orderId);
    const captured = { id: answer.razorpay_payment_id, order_id: orderId, amount: TOTAL };
    expect((await webhook('payment.captured', captured)).statusCode).toBe(200);
    expect((await webhook('payment.captured', captured)).statusCode).toBe(200);
    expect((await webhook('order.paid', captured)).statusCode).toBe(200);

    const placed = await ordersOf(buyer.userId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      paymentId: id,
      paymentStatus: 'succeeded',
      paymentMethod: 'upi',
      totalPaise: TOTAL,
    });
    const [row] = await t.app.shop.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(9);
    expect((await t.request('GET', `/order/${placed[0]!.id}/invoice`, { as: buyer })).statusCode).toBe(200);
  });

  it('refuses a checkout answer whose signature is not Razorpay’s (400), and nothing changes', async () => {
    const buyer = await register(t.app);
    const { response } = await startCheckout(buyer);
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId);
    const forged = { ...answer, razorpay_signature: 'f'.repeat(64) };
    const refused = await verify(buyer, id, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVALID_SIGNATURE);
    // Someone else's order id with a signature of its own: not this request's.
    const other = await startCheckout(buyer);
    const otherAnswer = razorpay.pay(other.response.json().payment.orderId);
    expect((await verify(buyer, id, otherAnswer)).statusCode).toBe(400);
    expect((await requestRow(id)).status).toBe('pending');
    expect(await ordersOf(buyer.userId)).toEqual([]);
    // Another shopper cannot verify it at all.
    expect((await verify(await register(t.app), id, answer)).statusCode).toBe(404);
  });

  it('a payment made after the tab closed becomes one order by the webhook (its signature checked by the SDK)', async () => {
    const buyer = await register(t.app);
    const { response } = await startCheckout(buyer);
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId, { method: 'netbanking' });
    const entity = { id: answer.razorpay_payment_id, order_id: orderId, amount: TOTAL, method: 'netbanking' };

    const forged = await webhook('payment.captured', entity, 'not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(await ordersOf(buyer.userId)).toEqual([]);
    expect((await requestRow(id)).status).toBe('pending');

    expect((await webhook('payment.captured', entity)).statusCode).toBe(200);
    const placed = await ordersOf(buyer.userId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ paymentId: id, paymentMethod: 'netbanking' });
    const mine = (await t.request('GET', '/orders/me', { as: buyer })).json().orders;
    expect(mine).toEqual([
      expect.objectContaining({ paymentMethod: 'netbanking', paymentInfo: { id, status: 'succeeded' } }),
    ]);
  });

  it('a failed attempt is not the end (the shopper may try again in the checkout); the sweep finds a later success', async () => {
    const buyer = await register(t.app);
    const { response } = await startCheckout(buyer);
    const { id, orderId } = response.json().payment;
    const failed = razorpay.pay(orderId, { status: 'failed' });
    const entity = {
      id: failed.razorpay_payment_id,
      order_id: orderId,
      status: 'failed',
      error_description: 'Payment was unsuccessful',
    };
    expect((await webhook('payment.failed', entity)).statusCode).toBe(200);
    expect((await requestRow(id)).status).toBe('pending');

    razorpay.pay(orderId, { method: 'wallet' });
    // No webhook, no browser: the sweep asks Razorpay for the order's payments.
    await sweepPaymentRequests(t.app.shop, t.app.shop.upi!, t.app.log);
    expect((await requestRow(id)).status).toBe('succeeded');
    expect(await ordersOf(buyer.userId)).toEqual([expect.objectContaining({ paymentMethod: 'wallet' })]);
  });

  it('refunds through the SDK a payment the shop cannot honour, once however often it is retried', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startCheckout(buyer, 1);
    await t.app.shop.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId);
    const verified = (await verify(buyer, id, answer)).json().payment;
    expect(verified).toMatchObject({
      status: 'refunded',
      message: `Insufficient stock for ${product.name}: 0 left. Your payment of ₹670.82 has been refunded.`,
    });
    const refunds = razorpay.requests.filter(
      (request) => request.path === `/v1/payments/${answer.razorpay_payment_id}/refund`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ amount: TOTAL, receipt: `refund-${id}` });
    // Asked again (a retry after a lost answer): Razorpay says it is refunded already, which is done.
    await expect(t.app.shop.upi!.refund(await requestRow(id))).resolves.toBeUndefined();
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('a refund Razorpay fails at the time is retried until it goes through', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startCheckout(buyer, 1);
    await t.app.shop.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId);
    razorpay.failNext(
      500,
      { error: { code: 'SERVER_ERROR', description: 'The server encountered an error' } },
      `/v1/payments/${answer.razorpay_payment_id}/refund`,
    );
    expect((await verify(buyer, id, answer)).json().payment.message).toMatch(
      /will be refunded automatically/,
    );
    expect(razorpay.refunded.has(answer.razorpay_payment_id)).toBe(false);
    const gateway = t.app.shop.upi!;
    await retryPendingRefunds(
      t.app.shop.db,
      { refund: async (paymentId) => gateway.refund(await requestRow(paymentId)) },
      t.app.log,
    );
    expect(razorpay.refunded.has(answer.razorpay_payment_id)).toBe(true);
  });

  it('an admin refunding a line of a Razorpay order refunds that amount through the SDK, keyed by the refund', async () => {
    const buyer = await register(t.app);
    const admin = await registerAdmin(t.app);
    const { product, response } = await startCheckout(buyer);
    const { id, orderId } = response.json().payment;
    const answer = razorpay.pay(orderId);
    expect((await verify(buyer, id, answer)).json().payment.status).toBe('succeeded');
    const [order] = await ordersOf(buyer.userId);
    const refunded = await t.request('POST', `/admin/order/${order!.id}/refund`, {
      as: admin,
      payload: { lines: [{ product: product.id, quantity: 1 }], refundsSeen: 0 },
    });
    expect(refunded.statusCode).toBe(200);
    const linePaise = PRICE + Math.round((PRICE * 18) / 100);
    expect(Math.round(refunded.json().order.refundedPrice * 100)).toBe(linePaise);
    const calls = razorpay.requests.filter(
      (request) => request.path === `/v1/payments/${answer.razorpay_payment_id}/refund`,
    );
    expect(calls.map((call) => call.body)).toEqual([
      expect.objectContaining({ amount: linePaise, receipt: `refund-${order!.id}-1` }),
    ]);
  });

  it('answers 502 with a message the shopper can read when Razorpay is down or refuses the key, and keeps nothing', async () => {
    const buyer = await register(t.app);
    razorpay.failNext(401, RECORDED.authenticationFailed, '/v1/orders');
    const { response } = await startCheckout(buyer);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('The payment service is unavailable; please try again in a moment');
    expect(
      await t.app.shop.db.select().from(paymentRequests).where(eq(paymentRequests.userId, buyer.userId)),
    ).toEqual([]);
  });

  it('takes UPI in its checkout: no local collect request, and the methods say UPI is on', async () => {
    const buyer = await register(t.app);
    expect((await t.request('POST', '/payment/upi', { as: buyer, payload: {} })).statusCode).toBe(404);
    const methods = (await t.request('GET', '/payment/methods?amount=67082', { as: buyer })).json().methods;
    expect(methods[1]).toEqual({ method: 'upi', available: true });
  });
});

describe('Razorpay routes: who may call them, and fuzzed from their schemas', () => {
  it('lets a shopper start and verify their own payment only (a guest 401, another shopper or an admin 404)', async () => {
    const shopper = await register(t.app);
    const other = await register(t.app);
    const admin = await registerAdmin(t.app);
    const product = await addProduct(t.app, { pricePaise: PRICE, stock: 50 });
    const order = { orderItems: [{ product: product.id, quantity: 1 }], shippingInfo };
    const guestStart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/razorpay/order',
      payload: order,
    });
    expect(guestStart.statusCode).toBe(401);
    for (const who of [shopper, other, admin])
      expect(
        (await t.request('POST', '/payment/razorpay/order', { as: who, payload: order })).statusCode,
      ).toBe(201);

    const { id, orderId } = (
      await t.request('POST', '/payment/razorpay/order', { as: shopper, payload: order })
    ).json().payment;
    const answer = razorpay.pay(orderId);
    const guestVerify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/razorpay/verify',
      payload: { id, ...answer },
    });
    expect(guestVerify.statusCode).toBe(401);
    expect((await verify(other, id, answer)).statusCode).toBe(404);
    expect((await verify(admin, id, answer)).statusCode).toBe(404);
    expect((await requestRow(id)).status).toBe('pending');
    expect((await verify(shopper, id, answer)).statusCode).toBe(200);
    // Following it (GET /payment/upi/:id, shared with UPI): the owner and an admin, nobody else.
    expect((await t.request('GET', `/payment/upi/${id}`, { as: shopper })).json().payment.status).toBe(
      'succeeded',
    );
    expect((await t.request('GET', `/payment/upi/${id}`, { as: admin })).statusCode).toBe(200);
    expect((await t.request('GET', `/payment/upi/${id}`, { as: other })).statusCode).toBe(404);
  });

  it('never answers 500, always JSON, and a refused input changes nothing stored', async () => {
    const shopper = await register(t.app);
    const product = await addProduct(t.app, { pricePaise: PRICE, stock: 10_000 });
    const pools: Pools = { ids: [product.id, shopper.userId] };
    const routes = t.app.shop.routes.filter((route) => route.url.includes('/payment/razorpay/'));
    expect(routes.map((route) => route.url).sort()).toEqual([
      '/api/v1/payment/razorpay/order',
      '/api/v1/payment/razorpay/verify',
    ]);
    const stored = async () =>
      JSON.stringify([
        await t.app.shop.db.select().from(paymentRequests),
        await t.app.shop.db.select().from(orders),
      ]);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain((route) => fc.tuple(fc.constant(route), inputsFor(route.input.body!, pools))),
        async ([route, body]) => {
          const before = await stored();
          const response = await t.app.inject({
            method: 'POST',
            url: route.url,
            headers: { ...shopper.auth, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          const context = `${route.url} ${JSON.stringify(body)?.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json(), context).toMatchObject({ success: false, message: expect.any(String) });
            expect(await stored(), context).toBe(before);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});
