import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  cashOrderRequest,
  newOrderRequest,
  pay,
  register,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';
import { orderRefunds, paymentIntentRefunds, paymentIntents, products } from '../src/db/schema.ts';

// Issue 29, items 1 and 2: an admin cancels (stock back, payment refunded through its gateway once),
// refunds chosen lines, records returns, ships with a tracking number; the shopper sees it and is mailed.
const t = useTestApp({ admin: true });

const LAMP = 123_450;
const MUG = 25_000;

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
  (await t.app.shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
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
const paise = (rupees: number) => Math.round(rupees * 100);
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

describe('a shopper cancels their own order before it ships', () => {
  it('a paid order: stock back, the payment refunded once, the order Cancelled for the shopper and the admin', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, mug, intentId, paidPaise } = await paidOrder(buyer);

    const cancelled = await cancelMine(orderId, buyer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order).toMatchObject({
      _id: orderId,
      orderStatus: 'Cancelled',
      refundedPrice: paidPaise / 100,
    });
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([10, 10]);
    expect(await intentOf(intentId)).toMatchObject({ status: 'refunded', refundedPaise: paidPaise });
    expect(mailed(new RegExp(`Order cancelled for ${buyer.email}: order ${orderId}, refund ₹`))).toBe(true);
    const history = (await t.request('GET', `/admin/order/${orderId}/payments`, { as: t.admin })).json();
    expect(history.payments).toEqual([
      expect.objectContaining({ kind: 'paid' }),
      expect.objectContaining({
        kind: 'cancel',
        amount: paidPaise / 100,
        status: 'refunded',
        by: 'Test User',
      }),
    ]);
    // The Activity screen is the admins' changes: the payment history above names the shopper instead.
    expect(await activityOf(orderId, 'order.cancel')).toEqual([]);

    const again = await cancelMine(orderId, buyer);
    expect([again.statusCode, again.json().message]).toEqual([400, 'This order is already cancelled']);
    expect(await gatewayRefundsOf(intentId)).toHaveLength(1);
  });

  it('a cash order never paid: stock back, nothing refunded', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 40_000, stock: 4 });
    const placed = await t.app.inject(cashOrderRequest(buyer, [{ product: item.id, quantity: 3 }]));
    const orderId = placed.json().order._id;
    const cancelled = await cancelMine(orderId, buyer);
    expect(cancelled.json().order).toMatchObject({ orderStatus: 'Cancelled', refundedPrice: 0 });
    expect(await stockOf(item.id)).toBe(4);
    expect(await refundRowsOf(orderId)).toEqual([]);
  });

  it('a shipped or delivered order is refused and left as it was', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, intentId } = await paidOrder(buyer);
    await moveTo(orderId, { status: 'Shipped' });
    const refused = await cancelMine(orderId, buyer);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'This order has been shipped and can no longer be cancelled',
    ]);
    await moveTo(orderId, { status: 'Delivered' });
    expect((await cancelMine(orderId, buyer)).statusCode).toBe(400);
    const order = (await t.request('GET', `/order/${orderId}`, { as: buyer })).json().order;
    expect(order).toMatchObject({ orderStatus: 'Delivered', refundedPrice: 0 });
    expect(await stockOf(lamp)).toBe(8);
    expect(await gatewayRefundsOf(intentId)).toEqual([]);
  });

  it("another shopper's order is a 404 and stays as it was; a guest is asked to log in", async () => {
    const buyer = await register(t.app);
    const stranger = await register(t.app);
    const { orderId, lamp } = await paidOrder(buyer);
    const refused = await cancelMine(orderId, stranger);
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Order not found with this Id']);
    expect((await t.request('POST', `/order/${orderId}/cancel`)).statusCode).toBe(401);
    expect((await cancelMine('0123456789abcdef01234567', buyer)).statusCode).toBe(404);
    expect((await cancelMine('not-an-id', buyer)).statusCode).toBe(400);
    const order = (await t.request('GET', `/order/${orderId}`, { as: buyer })).json().order;
    expect(order.orderStatus).toBe('Processing');
    expect(await stockOf(lamp)).toBe(8);
  });
});

describe('cancel', () => {
  it('a paid order: every unit back in stock, the whole payment refunded once, the shopper sees and is mailed', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, mug, intentId, paidPaise } = await paidOrder(buyer);
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([8, 7]);

    const cancelled = await cancel(orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({
      orderStatus: 'Cancelled',
      refundedPrice: paidPaise / 100,
    });
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([10, 10]);
    expect(await intentOf(intentId)).toMatchObject({ status: 'refunded', refundedPaise: paidPaise });
    expect(await gatewayRefundsOf(intentId)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${orderId}-1`, amountPaise: paidPaise }),
    ]);

    const mine = (await t.request('GET', '/orders/me', { as: buyer })).json().orders;
    expect(mine).toEqual([
      expect.objectContaining({ _id: orderId, orderStatus: 'Cancelled', refundedPrice: paidPaise / 100 }),
    ]);
    expect(mailed(new RegExp(`Order cancelled for ${buyer.email}: order ${orderId}, refund ₹`))).toBe(true);

    const history = (await t.request('GET', `/admin/order/${orderId}/payments`, { as: t.admin })).json();
    expect(history.payments).toEqual([
      expect.objectContaining({ kind: 'paid', amount: paidPaise / 100, by: 'Test User', gateway: 'local' }),
      expect.objectContaining({
        kind: 'cancel',
        amount: paidPaise / 100,
        status: 'refunded',
        by: 'Test Admin',
      }),
    ]);
    expect(history.lines.every((line: { refundable: number }) => line.refundable === 0)).toBe(true);

    // Once: a second cancel, a refund, shipping it or deleting it gives back nothing more.
    expect((await cancel(orderId)).json().message).toBe('This order is already cancelled');
    expect((await refundLines(orderId, [{ product: mug, quantity: 1 }], 1)).statusCode).toBe(400);
    expect((await moveTo(orderId, { status: 'Shipped' })).json().message).toBe('This order is cancelled');
    expect((await t.request('DELETE', `/admin/order/${orderId}`, { as: t.admin })).statusCode).toBe(200);
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([10, 10]);
    expect(await gatewayRefundsOf(intentId)).toHaveLength(1);
  });

  it('a cash-on-delivery order never paid is cancelled with its stock back and no refund', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 40_000, stock: 4 });
    const placed = await t.app.inject(cashOrderRequest(buyer, [{ product: item.id, quantity: 3 }]));
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order._id;
    expect(await stockOf(item.id)).toBe(1);

    const cancelled = await cancel(orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ orderStatus: 'Cancelled', refundedPrice: 0 });
    expect(await stockOf(item.id)).toBe(4);
    expect(await refundRowsOf(orderId)).toEqual([]);
    expect(mailed(new RegExp(`Order cancelled for ${buyer.email}: order ${orderId}, refund none`))).toBe(
      true,
    );
    const history = (await t.request('GET', `/admin/order/${orderId}/payments`, { as: t.admin })).json();
    expect(history).toMatchObject({ payments: [], paid: 0, refunded: 0 });
  });

  it('a delivered order cannot be cancelled, and an unknown one is a 404', async () => {
    const buyer = await register(t.app);
    const { orderId } = await paidOrder(buyer);
    await moveTo(orderId, { status: 'Shipped' });
    await moveTo(orderId, { status: 'Delivered' });
    const refused = await cancel(orderId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^A delivered order cannot be cancelled/);
    expect((await cancel('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('two admins cancelling at once: one cancels, the payment is refunded once, the stock put back once', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, intentId, paidPaise } = await paidOrder(buyer);
    const answers = await Promise.all([cancel(orderId), cancel(orderId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await stockOf(lamp)).toBe(10);
    expect(await refundRowsOf(orderId)).toHaveLength(1);
    expect(await gatewayRefundsOf(intentId)).toHaveLength(1);
    expect((await intentOf(intentId)).refundedPaise).toBe(paidPaise);
    // One audit entry, from the cancel that happened (the refused one wrote none).
    const [entry, ...more] = await activityOf(orderId, 'order.cancel');
    expect(more).toEqual([]);
    expect(entry!.changes).toContainEqual({ field: 'orderStatus', before: 'Processing', after: 'Cancelled' });
  });
});

describe('refunding chosen lines', () => {
  it('gives back the lines with their GST and restocks exactly them; never more than was paid', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, mug, intentId, paidPaise } = await paidOrder(buyer);

    const first = await refundLines(orderId, [{ product: mug, quantity: 2 }], 0);
    expect(first.statusCode).toBe(200);
    const mugsPaise = 2 * MUG + Math.round((2 * MUG * 18) / 100);
    expect(first.json().order).toMatchObject({ orderStatus: 'Processing', refundedPrice: mugsPaise / 100 });
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([8, 9]);
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded', refundedPaise: mugsPaise });
    expect(mailed(new RegExp(`Order refund for ${buyer.email}: order ${orderId}`))).toBe(true);

    // Only one mug is left to refund, and the admin must have seen the first refund.
    const tooMany = await refundLines(orderId, [{ product: mug, quantity: 2 }], 1);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Only 1 of Clay Mug can still be refunded');
    const stale = await refundLines(orderId, [{ product: mug, quantity: 1 }], 0);
    expect(stale.statusCode).toBe(409);
    const stranger = await refundLines(orderId, [{ product: '0123456789abcdef01234567', quantity: 1 }], 1);
    expect(stranger.statusCode).toBe(400);

    expect(
      (
        await refundLines(
          orderId,
          [
            { product: lamp, quantity: 2 },
            { product: mug, quantity: 1 },
          ],
          1,
        )
      ).statusCode,
    ).toBe(200);
    // Every line refunded (shipping was free): the lines' sum is what was paid, and cancelling now
    // gives back nothing more.
    const cancelled = (await cancel(orderId)).json().order;
    expect(paise(cancelled.refundedPrice)).toBe(paidPaise);
    expect((await intentOf(intentId)).refundedPaise).toBe(paidPaise);
    const rows = await refundRowsOf(orderId);
    expect(rows.map((row) => row.kind)).toEqual(['refund', 'refund']);
    expect(rows.reduce((sum, row) => sum + row.amountPaise, 0)).toBe(paidPaise);
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([10, 10]);
  });

  it('cancelling after a line refund gives back the rest, shipping included', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 30_000, stock: 5 });
    const paidPaise = totalPaiseOf([{ pricePaise: 30_000, quantity: 2 }]);
    const { intentId } = await pay(t.app, buyer, paidPaise);
    const orderId = (
      await t.app.inject(newOrderRequest(buyer, [{ product: item.id, quantity: 2 }], intentId))
    ).json().order._id;
    await refundLines(orderId, [{ product: item.id, quantity: 1 }], 0);
    expect(await stockOf(item.id)).toBe(4);
    const cancelled = (await cancel(orderId)).json().order;
    expect(paise(cancelled.refundedPrice)).toBe(paidPaise);
    expect((await refundRowsOf(orderId)).at(-1)).toMatchObject({
      kind: 'cancel',
      amountPaise: paidPaise - (30_000 + 5_400),
      lines: [expect.objectContaining({ product: item.id, quantity: 1, restocked: true })],
    });
    expect(await stockOf(item.id)).toBe(5);
    expect(await intentOf(intentId)).toMatchObject({ status: 'refunded', refundedPaise: paidPaise });
  });

  it('two admins refunding the same line at once refund it once', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, intentId } = await paidOrder(buyer);
    const answers = await Promise.all([
      refundLines(orderId, [{ product: lamp, quantity: 1 }], 0),
      refundLines(orderId, [{ product: lamp, quantity: 1 }], 0),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(lamp)).toBe(9);
    expect(await refundRowsOf(orderId)).toHaveLength(1);
    expect(await gatewayRefundsOf(intentId)).toHaveLength(1);
    const entries = await activityOf(orderId, 'order.refund');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes.map((change) => change.field)).toContain('refundedPrice');
  });

  it('refuses a cash order not paid yet, a delivered order (a return instead), and bad input with 400', async () => {
    const buyer = await register(t.app);
    const item = await addProduct(t.app, { pricePaise: 40_000, stock: 4 });
    const cash = (await t.app.inject(cashOrderRequest(buyer, [{ product: item.id, quantity: 1 }]))).json()
      .order;
    const unpaid = await refundLines(cash._id, [{ product: item.id, quantity: 1 }], 0);
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe('This cash-on-delivery order has not been paid: cancel it instead');
    for (const lines of [[], [{ product: item.id, quantity: 0 }], [{ product: 'nope', quantity: 1 }]])
      expect((await refundLines(cash._id, lines, 0)).statusCode).toBe(400);
    expect(
      (await t.request('POST', `/admin/order/${cash._id}/refund`, { as: t.admin, payload: {} })).statusCode,
    ).toBe(400);
  });
});

describe('returns', () => {
  it('a delivered line sent back is refunded, and restocked only when the admin says so', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, mug, intentId } = await paidOrder(buyer);
    expect((await returnLines(orderId, [{ product: mug, quantity: 1 }], true, 0)).statusCode).toBe(400);
    await moveTo(orderId, { status: 'Shipped' });
    await moveTo(orderId, { status: 'Delivered' });

    const damaged = await returnLines(orderId, [{ product: lamp, quantity: 1 }], false, 0);
    expect(damaged.statusCode).toBe(200);
    const lampPaise = LAMP + Math.round((LAMP * 18) / 100);
    expect(paise(damaged.json().order.refundedPrice)).toBe(lampPaise);
    expect(await stockOf(lamp)).toBe(8);
    const resold = await returnLines(orderId, [{ product: mug, quantity: 3 }], true, 1);
    expect(resold.statusCode).toBe(200);
    expect(await stockOf(mug)).toBe(10);
    expect((await intentOf(intentId)).refundedPaise).toBe(
      lampPaise + 3 * MUG + Math.round((3 * MUG * 18) / 100),
    );
    expect(mailed(new RegExp(`Order refund for ${buyer.email}: order ${orderId}`))).toBe(true);

    // The GST invoice issued when it was paid is still there (a credit note is not made).
    expect((await t.request('GET', `/order/${orderId}/invoice`, { as: buyer })).statusCode).toBe(200);
    // A delivered order deleted keeps its stock as it is.
    expect((await t.request('DELETE', `/admin/order/${orderId}`, { as: t.admin })).statusCode).toBe(200);
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([8, 10]);
  });
});

describe('deleting an order not delivered', () => {
  it('puts back the units no refund put back already', async () => {
    const buyer = await register(t.app);
    const { orderId, lamp, mug } = await paidOrder(buyer);
    await refundLines(orderId, [{ product: mug, quantity: 1 }], 0);
    await moveTo(orderId, { status: 'Shipped' });
    expect((await t.request('DELETE', `/admin/order/${orderId}`, { as: t.admin })).statusCode).toBe(200);
    expect([await stockOf(lamp), await stockOf(mug)]).toEqual([10, 10]);
  });
});

describe('shipping with tracking', () => {
  it('stores the carrier and number, links a known carrier, shows it to the shopper and mails them', async () => {
    const buyer = await register(t.app);
    const { orderId } = await paidOrder(buyer);
    const bad = await moveTo(orderId, { status: 'Shipped', trackingNumber: 'AB 12<script>' });
    expect(bad.statusCode).toBe(400);
    const shipped = await moveTo(orderId, {
      status: 'Shipped',
      carrier: 'delhivery',
      trackingNumber: 'DL-12345',
    });
    expect(shipped.statusCode).toBe(200);
    const seen = (await t.request('GET', `/order/${orderId}`, { as: buyer })).json().order;
    expect(seen).toMatchObject({
      orderStatus: 'Shipped',
      shipment: {
        carrier: 'delhivery',
        trackingNumber: 'DL-12345',
        trackingUrl: 'https://www.delhivery.com/track-v2/package/DL-12345',
      },
    });
    expect(mailed(new RegExp(`Order shipped for ${buyer.email}: order ${orderId}, tracking DL-12345`))).toBe(
      true,
    );
  });

  it('an unknown carrier has no link, and both fields stay optional (form data as the admin sends)', async () => {
    const buyer = await register(t.app);
    const first = await paidOrder(buyer);
    await moveTo(first.orderId, { status: 'Shipped', carrier: 'Village Cart', trackingNumber: 'VC1' });
    const unknown = (await t.request('GET', `/order/${first.orderId}`, { as: buyer })).json().order;
    expect(unknown.shipment).toMatchObject({
      carrier: 'Village Cart',
      trackingNumber: 'VC1',
      trackingUrl: null,
    });

    const second = await paidOrder(buyer);
    const plain = (
      await moveTo(second.orderId, { status: 'Shipped', carrier: '', trackingNumber: '' })
    ).json().order;
    expect(plain.shipment).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
    expect(plain.orderStatus).toBe('Shipped');
  });
});
