import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, register, shippingInfo, totalPaiseOf, type SignedIn } from './helpers/shop.ts';
import { orders, paymentRequests, products, usedPayments } from '../src/db/schema.ts';
import {
  createLocalUpiGateway,
  signedWebhook,
  DECLINED_MESSAGE,
  TEST_VPA,
} from '../src/payment-gateways/local-upi-gateway.ts';
import type { PaymentRequestRow } from '../src/db/schema.ts';
import { sweepPaymentRequests } from '../src/payments/upi/settle-payment-request.ts';
import type { PaymentWebhook } from '@shop/shared-api/schemas';

// Issue 25, items 2 and 3: UPI through the local gateway; a payment becomes exactly one order, whether
// the browser, the webhook or a replay of it says so first, and even when the tab was closed.
const DECISION_MS = 150;
const WEBHOOK_SECRET = 'whsec_local_test_secret';
const t = useTestApp({
  admin: true,
  config: {
    upi: {
      enabled: true,
      collectTimeoutSeconds: 2,
      testDecisionMs: DECISION_MS,
      merchantVpa: 'shop@upi',
      merchantName: 'Shop & Co',
      webhookSecret: WEBHOOK_SECRET,
    },
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startUpi(buyer: SignedIn, vpa: string, pricePaise = 399_00, stock = 10) {
  const product = await addProduct(t.app, { pricePaise, stock });
  const response = await t.request('POST', '/payment/upi', {
    as: buyer,
    payload: { orderItems: [{ product: product.id, quantity: 1, price: 1 }], shippingInfo, vpa },
  });
  return { product, response };
}

const status = (buyer: SignedIn, id: string) => t.request('GET', `/payment/upi/${id}`, { as: buyer });
const ordersOf = (userId: string) => t.app.shop.db.select().from(orders).where(eq(orders.userId, userId));
const stockOf = async (id: string) =>
  (await t.app.shop.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const requestRow = async (id: string) =>
  (await t.app.shop.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

/** Razorpay's webhook for a request, signed with `secret`. */
function webhook(
  requestId: string,
  event: 'payment.captured' | 'payment.failed' = 'payment.captured',
  secret = WEBHOOK_SECRET,
) {
  const body: PaymentWebhook = {
    event,
    payload: {
      payment: {
        entity: {
          id: `pay_${requestId.slice(4)}`,
          order_id: requestId,
          status: event === 'payment.captured' ? 'captured' : 'failed',
          amount: 1,
        },
      },
    },
  };
  const { body: payload, signature } = signedWebhook(secret, body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload,
  });
}

async function until(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error('timed out');
}

describe('UPI through the local gateway', () => {
  it.each([
    ['shopper', 'Enter your UPI ID as name@bank'],
    ['a@bank', 'Enter your UPI ID as name@bank'],
    ['name@1bank', 'Enter your UPI ID as name@bank'],
    ['name@bank@x', 'Enter your UPI ID as name@bank'],
  ])('refuses the VPA %j: %s, and stores nothing', async (vpa, message) => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, vpa);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`vpa: ${message}`);
    expect(
      await t.app.shop.db.select().from(paymentRequests).where(eq(paymentRequests.userId, buyer.userId)),
    ).toEqual([]);
  });

  it('refuses a real-looking VPA that is no test VPA, and stores nothing', async () => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, 'Asha.Rao@okaxis');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'asha.rao@okaxis is not a test UPI ID. Use success@razorpay (approved), failure@razorpay (declined) or pending@razorpay (never answers).',
    );
    expect(
      await t.app.shop.db.select().from(paymentRequests).where(eq(paymentRequests.userId, buyer.userId)),
    ).toEqual([]);
  });

  it('an approved collect request becomes the order: PAID, by UPI, for the server’s total', async () => {
    const buyer = await register(t.app);
    const started = Date.now();
    const { product, response } = await startUpi(buyer, TEST_VPA.succeeds);
    expect(response.statusCode).toBe(201);
    const payment = response.json().payment;
    const total = totalPaiseOf([{ pricePaise: 399_00, quantity: 1 }]);
    expect(payment).toMatchObject({ status: 'pending', amount: total, vpa: 'success@razorpay' });
    expect(payment.id).toMatch(/^upi_[0-9a-f]{24}$/);
    expect(Date.parse(payment.expiresAt) - started).toBeGreaterThanOrEqual(1900);
    expect(payment.upiLink).toBe(
      `upi://pay?pa=shop%40upi&pn=Shop+%26+Co&am=${(total / 100).toFixed(2)}&cu=INR&tr=${payment.id}`,
    );
    // Nothing taken while it waits.
    expect(await stockOf(product.id)).toBe(10);
    expect((await status(buyer, payment.id)).json().payment.status).toBe('pending');

    await sleep(DECISION_MS + 50);
    const settled = (await status(buyer, payment.id)).json().payment;
    expect(settled).toMatchObject({ status: 'succeeded', orderId: expect.any(String) });
    const order = (await t.request('GET', `/order/${settled.orderId}`, { as: buyer })).json().order;
    expect(order).toMatchObject({
      paymentMethod: 'upi',
      paymentInfo: { id: payment.id, status: 'succeeded' },
      totalPrice: total / 100,
      invoice: { number: expect.any(String) },
    });
    expect(await stockOf(product.id)).toBe(9);
  });

  it('a payment approved after the tab closed still becomes one order, by the webhook alone', async () => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, TEST_VPA.succeeds);
    const id = response.json().payment.id;
    // Nobody asks: the local gateway's webhook places the order.
    await until(async () => (await ordersOf(buyer.userId)).length > 0);
    const mine = (await t.request('GET', '/orders/me', { as: buyer })).json().orders;
    expect(mine).toEqual([
      expect.objectContaining({ paymentInfo: { id, status: 'succeeded' }, paymentMethod: 'upi' }),
    ]);
    expect((await requestRow(id)).status).toBe('succeeded');
  });

  it('a declined collect request says the provider’s words and leaves no order, nothing taken', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startUpi(buyer, TEST_VPA.declined);
    const id = response.json().payment.id;
    await sleep(DECISION_MS + 50);
    expect((await status(buyer, id)).json().payment).toMatchObject({
      status: 'failed',
      message: DECLINED_MESSAGE,
    });
    expect(await ordersOf(buyer.userId)).toEqual([]);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('a request nobody answers expires at its bound: no order, nothing taken, closed tab or not', async () => {
    const buyer = await register(t.app);
    const asked = await startUpi(buyer, TEST_VPA.neverAnswers);
    const closed = await startUpi(buyer, TEST_VPA.neverAnswers);
    await sleep(2100);
    expect((await status(buyer, asked.response.json().payment.id)).json().payment).toMatchObject({
      status: 'expired',
      message: 'The UPI request expired without an answer; nothing was charged.',
    });
    // The closed tab's request: the sweep expires it.
    await sweepPaymentRequests(t.app.shop, t.app.shop.upi!, t.app.log);
    expect((await requestRow(closed.response.json().payment.id)).status).toBe('expired');
    expect(await ordersOf(buyer.userId)).toEqual([]);
    expect(await stockOf(asked.product.id)).toBe(10);
    expect(await stockOf(closed.product.id)).toBe(10);
  });

  it('refuses a webhook with a bad signature (400), and nothing changes', async () => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, TEST_VPA.neverAnswers);
    const id = response.json().payment.id;
    const forged = await webhook(id, 'payment.captured', 'not-the-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'x', order_id: id, status: 'captured' } } },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await requestRow(id)).status).toBe('pending');
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('the same success from the browser, the webhook and replays of it makes one order', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startUpi(buyer, TEST_VPA.succeeds);
    const id = response.json().payment.id;
    await sleep(DECISION_MS + 10);
    const answers = await Promise.all([
      status(buyer, id),
      webhook(id),
      status(buyer, id),
      webhook(id),
      webhook(id),
      status(buyer, id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await sleep(DECISION_MS); // the gateway's own webhook too
    expect((await webhook(id)).statusCode).toBe(200); // a replay long after
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
    const orderIds = answers.filter((a) => a.json().payment).map((a) => a.json().payment.orderId);
    expect(new Set(orderIds.filter(Boolean)).size).toBe(1);
  });

  it('a success that comes after the request expired is refunded, and makes no order', async () => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, TEST_VPA.neverAnswers);
    const id = response.json().payment.id;
    await sleep(2100);
    expect((await status(buyer, id)).json().payment.status).toBe('expired');
    expect((await webhook(id)).statusCode).toBe(200);
    const row = await requestRow(id);
    expect(row.status).toBe('refunded');
    expect(row.message).toMatch(
      /came after the request had expired\. Your payment of ₹670\.82 has been refunded\.$/,
    );
    expect(await ordersOf(buyer.userId)).toEqual([]);
    const [used] = await t.app.shop.db.select().from(usedPayments).where(eq(usedPayments.paymentId, id));
    expect(used).toMatchObject({ orderId: null, refund: 'refunded' });
  });

  it('a success the shop can no longer honour (stock ran out) is refunded and says so', async () => {
    const buyer = await register(t.app);
    const { product, response } = await startUpi(buyer, TEST_VPA.succeeds, 399_00, 1);
    await t.app.shop.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const id = response.json().payment.id;
    await sleep(DECISION_MS + 50);
    const payment = (await status(buyer, id)).json().payment;
    expect(payment).toMatchObject({
      status: 'refunded',
      message: `Insufficient stock for ${product.name}: 0 left. Your payment of ₹670.82 has been refunded.`,
    });
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it("keeps a shopper's UPI payment theirs (another shopper gets 404; an admin reads it)", async () => {
    const buyer = await register(t.app);
    const { response } = await startUpi(buyer, TEST_VPA.neverAnswers);
    const id = response.json().payment.id;
    const other = await register(t.app);
    expect((await status(other, id)).statusCode).toBe(404);
    expect((await status(t.admin, id)).statusCode).toBe(200);
    expect((await t.request('GET', '/payment/upi/upi_nope', { as: buyer })).statusCode).toBe(400);
  });

  it('is offered on the payment page beside the card and cash on delivery', async () => {
    const buyer = await register(t.app);
    const methods = (await t.request('GET', '/payment/methods?amount=67082', { as: buyer })).json().methods;
    expect(methods.map((offer: { method: string }) => offer.method)).toEqual(['card', 'upi', 'cod']);
  });
});

describe('the local gateway’s webhook', () => {
  it('carries the payer’s answer even when its timer fires before the decision time by the wall clock', async () => {
    const delivered: { event: string; payload: { payment: { entity: Record<string, unknown> } } }[] = [];
    const gateway = createLocalUpiGateway({
      decisionMs: 20,
      webhookSecret: WEBHOOK_SECRET,
      deliver: async (body) => void delivered.push(JSON.parse(body)),
      onDeliveryError: () => {},
    });
    const request = (vpa: string) =>
      ({
        id: `upi_${vpa.length}${'0'.repeat(23)}`,
        vpa,
        amountPaise: 100,
        createdAt: new Date(),
      }) as PaymentRequestRow;
    await gateway.send(request(TEST_VPA.declined));
    await gateway.send(request(TEST_VPA.succeeds));
    // The wall clock a second behind the timers' clock (as an NTP step, or a timer firing a millisecond
    // early, makes it): when the timers fire, Date.now() has not reached the decision time.
    const realNow = Date.now.bind(Date);
    const behind = vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 1000);
    try {
      await until(async () => delivered.length === 2);
    } finally {
      behind.mockRestore();
    }
    gateway.close();
    const byEvent = Object.fromEntries(delivered.map((hook) => [hook.event, hook.payload.payment.entity]));
    expect(byEvent['payment.failed']).toMatchObject({ error_description: DECLINED_MESSAGE });
    expect(byEvent['payment.captured']).toMatchObject({ status: 'captured' });
  });
});

describe('with UPI switched off (UPI_ENABLED=false)', () => {
  const off = useTestApp({
    config: {
      upi: {
        enabled: false,
        collectTimeoutSeconds: 2,
        testDecisionMs: DECISION_MS,
        merchantVpa: 'shop@upi',
        merchantName: 'Shop',
        webhookSecret: WEBHOOK_SECRET,
      },
    },
  });

  it('still lists UPI in its place, refused with why, so the page’s radios never move', async () => {
    const buyer = await register(off.app);
    const methods = (await off.request('GET', '/payment/methods?amount=67082', { as: buyer })).json().methods;
    expect(methods).toEqual([
      { method: 'card', available: true },
      { method: 'upi', available: false, reason: 'UPI is not available at the moment; pay by card.' },
      { method: 'cod', available: true },
    ]);
    const started = await off.request('POST', '/payment/upi', {
      as: buyer,
      payload: { orderItems: [], shippingInfo, vpa: TEST_VPA.succeeds },
    });
    expect(started.statusCode).toBe(404);
  });
});
