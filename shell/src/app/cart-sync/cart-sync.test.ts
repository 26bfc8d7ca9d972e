import type { CartItem } from '@shop/shared-api';
import { apiFailure, fakeApi, type FakeRequest } from '@shop/shared-api/testing';
import { CART_SYNC_STORAGE_KEY, cartStore } from '@shop/shared-cart';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCartSync } from './cart-sync.ts';

const ACCOUNT = 'a'.repeat(24);
const line = (n: number, quantity: number, stock = 5): CartItem => ({
  product: n.toString(16).padStart(24, '0'),
  name: `Product ${n}`,
  price: 100 * n,
  image: '',
  stock,
  quantity,
});
const pairs = (lines: readonly CartItem[]) => lines.map((each) => [each.name, each.quantity]);

/** The api's saved cart: a stale version is a 409; names, prices and stock are the catalog's (stock 5). */
function savedCartApi(lines: CartItem[] = [], version = 0) {
  const saved = { lines, version };
  const calls = fakeApi({
    'GET /cart': () => ({ success: true, cart: { ...saved, updatedAt: null } }),
    'PUT /cart': ({ body }: FakeRequest) => {
      const request = body as { lines: { product: string; quantity: number }[]; version: number };
      if (request.version !== saved.version)
        return apiFailure(409, 'Your cart was changed on another device');
      saved.lines = request.lines.map(({ product, quantity }) => ({
        ...line(parseInt(product, 16), 0),
        quantity: Math.min(quantity, 5),
      }));
      saved.version += 1;
      return { success: true, cart: { ...saved, updatedAt: new Date().toISOString() } };
    },
  });
  const puts = () => calls.filter((call) => call.method === 'PUT');
  return { saved, calls, puts };
}

let stop: () => void = () => {};

describe('the cart of a signed-in shopper, kept on the api', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.setState({ cartItems: [] });
  });
  afterEach(() => stop());

  it('merges a cart filled before sign-in with the saved one: larger quantities, every line, saved back', async () => {
    const api = savedCartApi([line(1, 2), line(3, 1)], 4);
    cartStore.setState({ cartItems: [line(1, 3), line(2, 1)] });
    stop = startCartSync(ACCOUNT);
    await vi.waitFor(() => expect(api.saved.version).toBe(5));
    const merged = [
      ['Product 1', 3],
      ['Product 3', 1],
      ['Product 2', 1],
    ];
    expect(pairs(api.saved.lines)).toEqual(merged);
    await vi.waitFor(() => expect(pairs(cartStore.getState().cartItems)).toEqual(merged));
    expect(JSON.parse(localStorage.getItem(CART_SYNC_STORAGE_KEY)!)).toMatchObject({
      account: ACCOUNT,
      version: 5,
    });
  });

  it("takes what another device saved since this browser's last visit, saving nothing", async () => {
    localStorage.setItem(
      CART_SYNC_STORAGE_KEY,
      JSON.stringify({ account: ACCOUNT, version: 1, lines: [[line(1, 2).product, 2]] }),
    );
    cartStore.setState({ cartItems: [line(1, 2)] });
    // Meanwhile the phone lowered product 1 and added product 3.
    const api = savedCartApi([line(1, 1), line(3, 1)], 2);
    stop = startCartSync(ACCOUNT);
    await vi.waitFor(() =>
      expect(pairs(cartStore.getState().cartItems)).toEqual([
        ['Product 1', 1],
        ['Product 3', 1],
      ]),
    );
    expect(api.puts()).toHaveLength(0);
  });

  it('saves each change; when another device saved first, puts this change on top of theirs', async () => {
    const api = savedCartApi([line(1, 1)], 1);
    stop = startCartSync(ACCOUNT);
    await vi.waitFor(() => expect(pairs(cartStore.getState().cartItems)).toEqual([['Product 1', 1]]));
    // The laptop, behind it: the phone adds product 3, then the laptop adds product 2.
    api.saved.lines = [line(1, 1), line(3, 1)];
    api.saved.version = 2;
    cartStore.getState().addToCart(line(2, 2));
    await vi.waitFor(() => expect(api.saved.version).toBe(3));
    const both = [
      ['Product 1', 1],
      ['Product 3', 1],
      ['Product 2', 2],
    ];
    expect(pairs(api.saved.lines)).toEqual(both);
    await vi.waitFor(() => expect(pairs(cartStore.getState().cartItems)).toEqual(both));
    expect(api.puts().map((put) => (put.body as { version: number }).version)).toEqual([1, 2]);
  });

  it('keeps the browser’s cart when the api cannot be reached, and saves it when the page is back in view', async () => {
    const api = savedCartApi([], 0);
    stop = startCartSync(ACCOUNT);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cartStore.getState().addToCart(line(1, 2));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(pairs(cartStore.getState().cartItems)).toEqual([['Product 1', 2]]);
    const back = savedCartApi([], 0);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(pairs(back.saved.lines)).toEqual([['Product 1', 2]]));
    warn.mockRestore();
  });

  it('saves nothing once stopped, so signing out (which empties the browser’s cart) keeps the saved one', async () => {
    const api = savedCartApi([line(1, 1)], 1);
    stop = startCartSync(ACCOUNT);
    await vi.waitFor(() => expect(cartStore.getState().cartItems).toHaveLength(1));
    stop();
    cartStore.getState().clearCart();
    await new Promise((done) => setTimeout(done, 400));
    expect(api.puts()).toHaveLength(0);
    expect(api.saved.lines).toHaveLength(1);
  });
});
