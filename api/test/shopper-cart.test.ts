import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, newOrderRequest, pay, register, totalPaiseOf, type SignedIn } from './helpers/shop.ts';
import { products } from '../src/db/schema.ts';

// The signed-in shopper's saved cart (issue 28): only their own, priced and named from the catalog, kept
// within the stock, refused when stale (last change wins), emptied of what an order took.

const t = useTestApp();

const getCart = async (as: SignedIn) => {
  const response = await t.request('GET', '/cart', { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cart as {
    lines: { product: string; name: string; price: number; stock: number; quantity: number; image: string }[];
    version: number;
    updatedAt: string | null;
  };
};
const putCart = (as: SignedIn, lines: object[], version: number) =>
  t.request('PUT', '/cart', { as, payload: { lines, version } });

describe('the saved cart', () => {
  it('starts empty, and keeps what the shopper saves with the catalog’s names and prices, not the browser’s', async () => {
    const shopper = await register(t.app);
    expect(await getCart(shopper)).toEqual({ lines: [], version: 0, updatedAt: null });
    const laptop = await addProduct(t.app, { name: 'Travel Laptop', pricePaise: 4_999_900, stock: 3 });
    const saved = await putCart(
      shopper,
      [{ product: laptop.id, quantity: 2, name: 'Free laptop', price: 1, stock: 999, image: 'x' }],
      0,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const line = { product: laptop.id, name: 'Travel Laptop', price: 49_999, stock: 3, quantity: 2 };
    expect(saved.json().cart).toMatchObject({ lines: [line], version: 1 });
    expect(saved.json().cart.lines[0].image).toMatch(/^http.*\/uploads\/products\/test\.png$/);
    // Another device reads the same cart, with the price as it is now.
    await t.app.shop.db.update(products).set({ pricePaise: 4_500_000 }).where(eq(products.id, laptop.id));
    const read = await getCart(shopper);
    expect(read.lines).toEqual([expect.objectContaining({ ...line, price: 45_000 })]);
    expect(read.version).toBe(1);
    expect(Date.parse(read.updatedAt!)).not.toBeNaN();
  });

  it('keeps each quantity within the stock and adds up a product named twice', async () => {
    const shopper = await register(t.app);
    const phone = await addProduct(t.app, { stock: 4 });
    const shoe = await addProduct(t.app, { stock: 10 });
    const saved = await putCart(
      shopper,
      [
        { product: phone.id, quantity: 9 },
        { product: shoe.id, quantity: 2 },
        { product: shoe.id, quantity: 3 },
      ],
      0,
    );
    expect(saved.json().cart.lines.map((line: { quantity: number }) => line.quantity)).toEqual([4, 5]);
  });

  it('refuses a save made from an older version (409) and changes nothing', async () => {
    const shopper = await register(t.app);
    const [a, b] = [await addProduct(t.app), await addProduct(t.app)];
    expect((await putCart(shopper, [{ product: a.id, quantity: 1 }], 0)).statusCode).toBe(200);
    // The phone saved version 1; the laptop, still on version 0, is told to fetch and redo its change.
    const stale = await putCart(shopper, [{ product: b.id, quantity: 1 }], 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed on another device/);
    const cart = await getCart(shopper);
    expect(cart.lines.map((line) => line.product)).toEqual([a.id]);
    expect((await putCart(shopper, [{ product: b.id, quantity: 1 }], 1)).json().cart.version).toBe(2);
  });

  it('is the owner’s only: another shopper neither reads nor changes it, and a guest gets 401', async () => {
    const [shopper, other] = [await register(t.app), await register(t.app)];
    const product = await addProduct(t.app);
    await putCart(shopper, [{ product: product.id, quantity: 2 }], 0);
    expect(await getCart(other)).toEqual({ lines: [], version: 0, updatedAt: null });
    // The other shopper's save (even naming the shopper's id) lands in their own cart.
    const theirs = await t.request('PUT', '/cart', {
      as: other,
      payload: { lines: [], version: 0, userId: shopper.userId, user: shopper.userId },
    });
    expect(theirs.statusCode).toBe(200);
    expect((await getCart(shopper)).lines).toEqual([
      expect.objectContaining({ product: product.id, quantity: 2 }),
    ]);
    expect((await t.request('GET', '/cart')).statusCode).toBe(401);
    expect((await t.request('PUT', '/cart', { payload: { lines: [], version: 0 } })).statusCode).toBe(401);
  });

  it('answers 400 with a clear message for bad input, and 404 for a product that does not exist', async () => {
    const shopper = await register(t.app);
    const product = await addProduct(t.app);
    const bad: [unknown, RegExp][] = [
      [{ lines: [{ product: product.id, quantity: 0 }], version: 0 }, /quantity must be at least 1/],
      [{ lines: [{ product: product.id, quantity: 1.5 }], version: 0 }, /whole number/],
      [{ lines: [{ product: 'not-an-id', quantity: 1 }], version: 0 }, /24-character/],
      [{ lines: 'all of them', version: 0 }, /lines/],
      [{ lines: [] }, /version/],
      [{ lines: [], version: -1 }, /version must be at least 0/],
      [
        { lines: Array.from({ length: 101 }, () => ({ product: product.id, quantity: 1 })), version: 0 },
        /at most 100 lines/,
      ],
      [
        {
          lines: [
            { product: product.id, quantity: 600 },
            { product: product.id, quantity: 600 },
          ],
          version: 0,
        },
        /lines: at most 1000/,
      ],
    ];
    for (const [payload, message] of bad) {
      const response = await t.request('PUT', '/cart', { as: shopper, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const unknown = await putCart(shopper, [{ product: 'f'.repeat(24), quantity: 1 }], 0);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`Product not found: ${'f'.repeat(24)}`);
    expect(await getCart(shopper)).toEqual({ lines: [], version: 0, updatedAt: null });
  });

  it('shows a sold-out or deleted product’s line with stock 0 instead of dropping it', async () => {
    const shopper = await register(t.app);
    const camera = await addProduct(t.app, { name: 'Old Camera', pricePaise: 120_000, stock: 5 });
    const shirt = await addProduct(t.app, { stock: 5 });
    await putCart(
      shopper,
      [
        { product: camera.id, quantity: 2 },
        { product: shirt.id, quantity: 3 },
      ],
      0,
    );
    await t.app.shop.db.delete(products).where(eq(products.id, camera.id));
    await t.app.shop.db.update(products).set({ stock: 0 }).where(eq(products.id, shirt.id));
    const cart = await getCart(shopper);
    expect(cart.lines).toEqual([
      expect.objectContaining({ product: camera.id, name: 'Old Camera', price: 1200, stock: 0, quantity: 2 }),
      expect.objectContaining({ product: shirt.id, stock: 0, quantity: 3 }),
    ]);
    // Saved again from the browser (a quantity changed elsewhere), the deleted product's line is kept.
    const again = await putCart(
      shopper,
      [
        { product: camera.id, quantity: 1 },
        { product: shirt.id, quantity: 3 },
      ],
      cart.version,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().cart.lines[0]).toMatchObject({ name: 'Old Camera', stock: 0, quantity: 1 });
  });

  it('loses the lines an order took, and keeps the others, when the order is placed', async () => {
    const shopper = await register(t.app);
    const bought = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
    const kept = await addProduct(t.app, { stock: 5 });
    await putCart(
      shopper,
      [
        { product: bought.id, quantity: 1 },
        { product: kept.id, quantity: 2 },
      ],
      0,
    );
    const { intentId } = await pay(t.app, shopper, totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]));
    const order = await t.app.inject(
      newOrderRequest(shopper, [{ product: bought.id, quantity: 1 }], intentId),
    );
    expect(order.statusCode, order.body).toBe(201);
    const cart = await getCart(shopper);
    expect(cart.lines.map((line) => [line.product, line.quantity])).toEqual([[kept.id, 2]]);
    // A save made before the order (version 1) is now stale: the browser fetches the cart first.
    expect(cart.version).toBe(2);
  });
});
