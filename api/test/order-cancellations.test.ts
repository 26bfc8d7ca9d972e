import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, cashOrderRequest, register } from './helpers/shop.ts';
import { afterSaleKit } from './helpers/after-sale.ts';

// Issue 29, items 1 and 2: an admin cancels (stock back, payment refunded through its gateway once), a
// shopper cancels their own order before it ships; the shopper sees it and is mailed.
const t = useTestApp({ admin: true });
const {
  paidOrder,
  stockOf,
  intentOf,
  gatewayRefundsOf,
  refundRowsOf,
  cancel,
  refundLines,
  moveTo,
  mailed,
  activityOf,
  cancelMine,
} = afterSaleKit(t);

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
