import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  cashOrderRequest,
  newOrderRequest,
  pay,
  register,
  totalPaiseOf,
} from './helpers/shop.ts';
import { afterSaleKit, LAMP, MUG, paise } from './helpers/after-sale.ts';

// Issue 29, items 1 and 2: an admin refunds chosen lines and records returns (restocked only when they say),
// deletes an order not delivered; never more refunded than was paid.
const t = useTestApp({ admin: true });
const {
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
} = afterSaleKit(t);

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
