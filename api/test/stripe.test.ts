import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  register,
  registerAdmin,
  shippingInfo,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';
import { startFakeStripe } from './helpers/fake-stripe.ts';
import { retryPendingRefunds } from '../src/orders/refunds.ts';
import { retryPendingOrderRefunds } from '../src/orders/order-refunds.ts';
import { paymentRefunder } from '../src/payment-gateways/payment-refunder.ts';

let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let buyer: SignedIn;

const t = useTestApp(async () => {
  stripe = await startFakeStripe();
  return { config: { stripeSecretKey: 'sk_test_fake_key' }, stripeConnection: stripe.connection };
});
beforeAll(async () => {
  buyer = await register(t.app);
});
afterAll(() => stripe.close());

const createIntent = async (who: SignedIn, amount: number) => {
  const response = await t.request('POST', '/payment/process', { as: who, payload: { amount } });
  expect(response.statusCode).toBe(200);
  const secret: string = response.json().client_secret;
  return { secret, id: secret.split('_secret_')[0]! };
};
const placeOrder = (who: SignedIn, productId: string, intentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/order/new',
    headers: who.auth,
    payload: {
      orderItems: [{ product: productId, quantity: 1 }],
      shippingInfo,
      paymentInfo: { id: intentId, status: 'succeeded' },
    },
  });

describe('Stripe payments (against a local fake of the Stripe API)', () => {
  it('creates the payment intent through the SDK: amount in paise, INR, card, the user in metadata, the secret key', async () => {
    const { secret } = await createIntent(buyer, 123_400);
    expect(secret).toMatch(/^pi_fake\d+_secret_/);
    const call = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    )!;
    expect(call.authorization).toBe('Bearer sk_test_fake_key');
    expect(call.body).toMatchObject({
      amount: '123400',
      currency: 'inr',
      metadata: { userId: buyer.userId },
    });
  });

  it('has no local confirm endpoint: the browser confirms with Stripe', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/payment/confirm', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('places an order only once Stripe reports the intent succeeded, for the server total', async () => {
    const item = await addProduct(t.app, { pricePaise: 150_000, stock: 4 });
    const total = totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]);
    const { id } = await createIntent(buyer, total);

    const early = await placeOrder(buyer, item.id, id);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Payment has not succeeded');

    stripe.succeed(id);
    const placed = await placeOrder(buyer, item.id, id);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order).toMatchObject({
      paymentInfo: { id, status: 'succeeded' },
      totalPrice: total / 100,
    });
    expect(
      stripe.requests.some(
        (request) => request.method === 'GET' && request.path === `/v1/payment_intents/${id}`,
      ),
    ).toBe(true);

    expect((await placeOrder(buyer, item.id, id)).json().message).toBe(
      'This payment has already been used for an order',
    );
  });

  it("refuses a wrong amount, someone else's intent and an unknown intent", async () => {
    const item = await addProduct(t.app, { pricePaise: 150_000, stock: 4 });
    const cheap = await createIntent(buyer, 100);
    stripe.succeed(cheap.id);
    expect((await placeOrder(buyer, item.id, cheap.id)).json().message).toMatch(
      /does not match the order total/,
    );

    const other = await register(t.app);
    const theirs = await createIntent(other, totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]));
    stripe.succeed(theirs.id);
    expect((await placeOrder(buyer, item.id, theirs.id)).json().message).toBe(
      'This payment was not made by you',
    );

    const unknown = await placeOrder(buyer, item.id, 'pi_unknown123');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Payment could not be verified');
  });

  it('refunds through Stripe when the order is refused after the payment succeeded, once per payment', async () => {
    const soldOut = await addProduct(t.app, { name: 'Sold Out', pricePaise: 150_000, stock: 0 });
    const total = totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]);
    const { id } = await createIntent(buyer, total);
    stripe.succeed(id);
    const refused = await placeOrder(buyer, soldOut.id, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Insufficient stock for Sold Out: 0 left. Your payment of ₹${total / 100} has been refunded.`,
    );
    const calls = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.body.payment_intent === id,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: `refund-${id}`,
      body: { payment_intent: id },
    });
    // Stripe still calls the intent succeeded; the shop knows it is spent.
    const inStock = await addProduct(t.app, { pricePaise: 150_000, stock: 3 });
    expect((await placeOrder(buyer, inStock.id, id)).json().message).toBe(
      'This payment was refunded; start the payment again',
    );
  });

  it('a refund Stripe fails at the time is finished by the retry, not left to an operator', async () => {
    const soldOut = await addProduct(t.app, { name: 'Gone Too', pricePaise: 150_000, stock: 0 });
    const total = totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]);
    const { id } = await createIntent(buyer, total);
    stripe.succeed(id);
    // The SDK retries once: two failures make the refund fail for now.
    stripe.failNext(3, { status: 500, type: 'api_error', message: 'Stripe is down' }, '/v1/refunds');
    const refused = await placeOrder(buyer, soldOut.id, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Your payment of ₹[\d.]+ will be refunded automatically\.$/);
    expect(stripe.refunds().filter((refund) => refund.payment_intent === id)).toHaveLength(0);

    const retried = await retryPendingRefunds(t.app.shop.db, t.app.shop.payments, t.app.log);
    expect(retried).toBe(1);
    expect(stripe.refunds().filter((refund) => refund.payment_intent === id)).toHaveLength(1);
    expect(await retryPendingRefunds(t.app.shop.db, t.app.shop.payments, t.app.log)).toBe(0);
  });

  it('an admin cancelling a Stripe order refunds its amount once, keyed by the refund; a failed refund is retried with the same key', async () => {
    const admin = await registerAdmin(t.app);
    const item = await addProduct(t.app, { pricePaise: 150_000, stock: 3 });
    const total = totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]);
    const placeAndCancel = async () => {
      const { id } = await createIntent(buyer, total);
      stripe.succeed(id);
      const placed = await placeOrder(buyer, item.id, id);
      expect(placed.statusCode).toBe(201);
      const orderId: string = placed.json().order._id;
      const cancelled = await t.request('POST', `/admin/order/${orderId}/cancel`, { as: admin });
      expect(cancelled.statusCode).toBe(200);
      return { id, orderId };
    };
    const callsFor = (id: string) =>
      stripe.requests.filter(
        (request) => request.path === '/v1/refunds' && request.body.payment_intent === id,
      );

    const first = await placeAndCancel();
    expect(callsFor(first.id)).toEqual([
      expect.objectContaining({
        idempotencyKey: `refund-${first.orderId}-1`,
        body: expect.objectContaining({ amount: String(total) }),
      }),
    ]);

    // Stripe down (the SDK retries once): the order is cancelled, the refund waits for the retry.
    stripe.failNext(3, { status: 500, type: 'api_error', message: 'Stripe is down' }, '/v1/refunds');
    const second = await placeAndCancel();
    expect(stripe.refunds().filter((refund) => refund.payment_intent === second.id)).toHaveLength(0);
    const history = await t.request('GET', `/admin/order/${second.orderId}/payments`, { as: admin });
    expect(history.json().payments.at(-1)).toMatchObject({
      kind: 'cancel',
      status: 'pending',
      gateway: 'stripe',
    });
    expect(
      await retryPendingOrderRefunds(
        t.app.shop.db,
        paymentRefunder(t.app.shop.db, t.app.shop.payments, null),
        t.app.log,
      ),
    ).toBe(1);
    expect(stripe.refunds().filter((refund) => refund.payment_intent === second.id)).toHaveLength(1);
    expect(callsFor(second.id).every((call) => call.idempotencyKey === `refund-${second.orderId}-1`)).toBe(
      true,
    );
  });

  it("answers Stripe's failures as 502 with a readable message, never Stripe's own status", async () => {
    // A rotated key: Stripe answers 401, which must not sign the shopper out of the shop.
    stripe.failNext(
      1,
      { status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      '/v1/payment_intents',
    );
    const create = await t.request('POST', '/payment/process', { as: buyer, payload: { amount: 50_000 } });
    expect(create.statusCode).toBe(502);
    expect(create.json()).toEqual({
      success: false,
      message: 'The card payment service is unavailable; please try again in a moment',
    });

    const item = await addProduct(t.app, { pricePaise: 150_000, stock: 4 });
    const { id } = await createIntent(buyer, totalPaiseOf([{ pricePaise: 150_000, quantity: 1 }]));
    stripe.failNext(
      2,
      { status: 500, type: 'api_error', message: 'Something went wrong' },
      `/v1/payment_intents/${id}`,
    );
    const order = await placeOrder(buyer, item.id, id);
    expect(order.statusCode).toBe(502);
    expect(order.json().message).toBe(
      'The card payment service is unavailable; please try again in a moment',
    );
  });
});
