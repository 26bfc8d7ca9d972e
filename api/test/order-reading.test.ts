import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { placePaidOrder, register } from './helpers/shop.ts';

const t = useTestApp({ admin: true });

describe('reading orders', () => {
  it("a user lists and reads only their own orders; someone else's is 404; admins read any", async () => {
    const owner = await register(t.app);
    const stranger = await register(t.app);
    const { orderId } = await placePaidOrder(t.app, owner, 30_000);

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/orders/me', headers: owner.auth });
    expect(mine.json()).toMatchObject({ success: true, orders: [{ _id: orderId }] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/orders/me', headers: stranger.auth })).json().orders,
    ).toEqual([]);

    const own = await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}`, headers: owner.auth });
    expect(own.statusCode).toBe(200);
    expect(own.json().order._id).toBe(orderId);
    const theirs = await t.request('GET', `/order/${orderId}`, { as: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'Order not found with this Id' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}`, headers: t.admin.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/order/bad-id', headers: owner.auth })).statusCode,
    ).toBe(400);
  });
});

describe('admin orders', () => {
  const newOrder = async () => (await placePaidOrder(t.app, await register(t.app), 30_000)).orderId;
  const process = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/order/${id}`, headers: t.admin.auth, payload });

  it('moves Processing to Shipped to Delivered only; a Delivered order cannot be processed', async () => {
    const id = await newOrder();
    const skip = await process(id, { status: 'Delivered' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe('An order can only move from Processing to Shipped');
    expect((await process(id, { status: 'Processing' })).statusCode).toBe(400);
    expect((await process(id, { status: 'Cancelled' })).statusCode).toBe(400);

    const shipped = await process(id, { status: 'Shipped' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      success: true,
      order: { orderStatus: 'Shipped', deliveredAt: null },
    });
    expect((await process(id, { status: 'Shipped' })).statusCode).toBe(400);

    const delivered = await process(id, { status: 'Delivered' });
    expect(delivered.json().order.orderStatus).toBe('Delivered');
    expect(delivered.json().order.deliveredAt).toEqual(expect.any(String));

    const again = await process(id, { status: 'Delivered' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('You have already delivered this order');
  });

  it('takes the status as form data too, and 404s unknown orders', async () => {
    const id = await newOrder();
    const { multipart } = await import('./helpers/multipart.ts');
    const body = multipart({ status: 'Shipped' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/order/${id}`,
      headers: { ...t.admin.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect((await process('0'.repeat(24), { status: 'Shipped' })).statusCode).toBe(404);
  });

  it('lists all orders with the total amount, and deletes', async () => {
    const id = await newOrder();
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: t.admin.auth });
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    const sum =
      body.orders.reduce(
        (total: number, order: { totalPrice: number }) => total + Math.round(order.totalPrice * 100),
        0,
      ) / 100;
    expect(body.totalAmount).toBe(sum);
    const deleted = await t.request('DELETE', `/admin/order/${id}`, { as: t.admin });
    expect(deleted.json()).toEqual({ success: true, message: 'Order Deleted Successfully' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/order/${id}`, headers: t.admin.auth }))
        .statusCode,
    ).toBe(404);
  });
});
