import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStore, RECENTLY_VIEWED_KEPT, RECENTLY_VIEWED_STORAGE_KEY } from './cart-store.ts';
import type { ViewedProduct } from './stored-values.ts';

const viewed = (n: number): ViewedProduct => ({
  product: n.toString(16).padStart(24, '0'),
  name: `Product ${n}`,
  price: 100 * n,
  image: `/uploads/p${n}.png`,
});
const names = () => cartStore.getState().recentlyViewed.map(({ name }) => name);
const otherTabWrote = (value: string) => {
  localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: RECENTLY_VIEWED_STORAGE_KEY }));
  });
};

describe('recently viewed products', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.setState({ cartItems: [], shippingInfo: null, recentlyViewed: [] });
  });

  it('keeps the newest first, each product once, and only the last few', () => {
    for (let n = 1; n <= RECENTLY_VIEWED_KEPT + 2; n++) cartStore.getState().rememberViewed(viewed(n));
    cartStore.getState().rememberViewed(viewed(5));
    expect(names()).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(names().slice(0, 3)).toEqual(['Product 5', 'Product 10', 'Product 9']);
    expect(names().filter((name) => name === 'Product 5')).toHaveLength(1);
    expect(names()).not.toContain('Product 1');
    // Kept on this browser, for the next page load.
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY)!)[0]).toEqual(viewed(5));
  });

  it('stores only what the card shows, whatever else the product carried', () => {
    cartStore.getState().rememberViewed({ ...viewed(1), description: 'long', stock: 3 } as ViewedProduct);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY)!)).toEqual([viewed(1)]);
  });

  it('follows another tab and drops what is malformed instead of breaking the page', () => {
    otherTabWrote(JSON.stringify([viewed(2), { product: 'x' }, viewed(3), 'junk']));
    expect(names()).toEqual(['Product 2', 'Product 3']);
    otherTabWrote('{not json');
    expect(names()).toEqual([]);
  });

  it("belongs to the cart's owner: forgotten when that account signs out or another signs in", () => {
    cartStore.getState().belongTo('a'.repeat(24));
    cartStore.getState().rememberViewed(viewed(1));
    cartStore.getState().belongTo('a'.repeat(24));
    expect(names()).toEqual(['Product 1']);
    cartStore.getState().belongTo('b'.repeat(24));
    expect(names()).toEqual([]);
    cartStore.getState().rememberViewed(viewed(2));
    cartStore.getState().belongTo(null);
    expect(names()).toEqual([]);
    expect(localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY)).toBeNull();
  });

  it("is a guest's, and goes with the account the guest signs in to", () => {
    cartStore.getState().belongTo(null);
    cartStore.getState().rememberViewed(viewed(1));
    cartStore.getState().belongTo('a'.repeat(24));
    expect(names()).toEqual(['Product 1']);
  });
});
