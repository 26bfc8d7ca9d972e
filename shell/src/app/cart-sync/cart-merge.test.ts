import type { CartItem } from '@shop/shared-api';
import { describe, expect, it } from 'vitest';
import { keepNewerChanges, mergeOnSignIn, quantitiesOf, sameQuantities } from './cart-merge.ts';

const line = (n: number, quantity: number, stock = 5): CartItem => ({
  product: n.toString(16).padStart(24, '0'),
  name: `Product ${n}`,
  price: 100 * n,
  image: '',
  stock,
  quantity,
});
const pairs = (lines: CartItem[]) => lines.map((each) => [each.name, each.quantity]);

describe('signing in with a cart in the browser', () => {
  it('keeps every line of both, the larger quantity of a product in both, within the saved stock', () => {
    const browser = [line(1, 9, 9), line(2, 1), line(3, 1)];
    const saved = [line(1, 2, 4), line(3, 4), line(4, 1)];
    expect(pairs(mergeOnSignIn(browser, saved))).toEqual([
      ['Product 1', 4],
      ['Product 3', 4],
      ['Product 4', 1],
      ['Product 2', 1],
    ]);
    // The catalog's stock and price, as the api gave them, not the browser's older copy.
    expect(mergeOnSignIn(browser, saved)[0]).toMatchObject({ stock: 4 });
  });

  it('keeps a sold-out line instead of dropping it', () => {
    expect(pairs(mergeOnSignIn([line(1, 2)], [line(1, 1, 0)]))).toEqual([['Product 1', 2]]);
  });
});

describe('another device changed the saved cart', () => {
  const base = quantitiesOf([line(1, 1), line(2, 1), line(3, 1)]);

  it("keeps this browser's changes on top of the other device's, and theirs elsewhere", () => {
    // Here: product 1 up to 3, product 2 removed, product 5 added. There: product 3 up to 2, product 4 added.
    const browser = [line(1, 3), line(3, 1), line(5, 1)];
    const saved = [line(1, 1), line(2, 1), line(3, 2), line(4, 1)];
    expect(pairs(keepNewerChanges(browser, base, saved))).toEqual([
      ['Product 1', 3],
      ['Product 3', 2],
      ['Product 4', 1],
      ['Product 5', 1],
    ]);
  });

  it('lets a removal made elsewhere stand, unless this browser changed that line since', () => {
    expect(pairs(keepNewerChanges([line(1, 1), line(2, 1), line(3, 1)], base, [line(2, 1)]))).toEqual([
      ['Product 2', 1],
    ]);
    expect(pairs(keepNewerChanges([line(1, 2), line(2, 1), line(3, 1)], base, [line(2, 1)]))).toEqual([
      ['Product 2', 1],
      ['Product 1', 2],
    ]);
  });

  it('compares carts by quantities, whatever their order', () => {
    expect(
      sameQuantities(quantitiesOf([line(1, 1), line(2, 2)]), quantitiesOf([line(2, 2), line(1, 1)])),
    ).toBe(true);
    expect(sameQuantities(quantitiesOf([line(1, 1)]), quantitiesOf([line(1, 2)]))).toBe(false);
    expect(sameQuantities(quantitiesOf([line(1, 1)]), [])).toBe(false);
  });
});
