import type { CartItem } from '@shop/shared-api';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CART_OWNER_STORAGE_KEY,
  CART_STORAGE_KEY,
  CART_SYNC_STORAGE_KEY,
  cartStore,
  clampQuantity,
  SHIPPING_STORAGE_KEY,
} from './cart-store.ts';
import { useCartCount } from './hooks.ts';

const line = (n: number, overrides: Partial<CartItem> = {}): CartItem => ({
  product: n.toString(16).padStart(24, '0'),
  name: `Product ${n}`,
  price: 100 * n,
  image: '/uploads/p.png',
  stock: 5,
  quantity: 1,
  ...overrides,
});

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as CartItem[];

describe('the cart', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.setState({ cartItems: [], shippingInfo: null });
  });

  it('appends a new product and replaces the line of one already in the cart', () => {
    cartStore.getState().addToCart(line(1));
    cartStore.getState().addToCart(line(2));
    cartStore.getState().addToCart(line(1, { quantity: 3 }));
    expect(cartStore.getState().cartItems.map((item) => [item.name, item.quantity])).toEqual([
      ['Product 1', 3],
      ['Product 2', 1],
    ]);
    expect(stored()).toEqual(cartStore.getState().cartItems);
  });

  it('keeps quantities between 1 and the stock', () => {
    cartStore.getState().addToCart(line(1, { quantity: 9, stock: 4 }));
    expect(cartStore.getState().cartItems[0]!.quantity).toBe(4);
    cartStore.getState().setQuantity(line(1).product, 0);
    expect(cartStore.getState().cartItems[0]!.quantity).toBe(1);
    cartStore.getState().setQuantity(line(1).product, 5);
    expect(cartStore.getState().cartItems[0]!.quantity).toBe(4);
  });

  it('never adds a product that is out of stock', () => {
    cartStore.getState().addToCart(line(1, { stock: 0 }));
    expect(cartStore.getState().cartItems).toEqual([]);
  });

  it('removes by product and clears the lines but not the shipping address', () => {
    cartStore.getState().addToCart(line(1));
    cartStore.getState().addToCart(line(2));
    cartStore.getState().removeFromCart(line(1).product);
    expect(cartStore.getState().cartItems.map((item) => item.name)).toEqual(['Product 2']);
    const address = {
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560001',
      phoneNo: '9876543210',
    };
    cartStore.getState().saveShippingInfo(address);
    cartStore.getState().clearCart();
    expect(stored()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(SHIPPING_STORAGE_KEY)!)).toEqual(address);
  });

  it('gives the navbar a live count and follows another tab', () => {
    const { result } = renderHook(() => useCartCount());
    act(() => cartStore.getState().addToCart(line(1)));
    expect(result.current).toBe(1);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line(1), line(2), line(3)]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current).toBe(3);
  });

  it('drops stored lines that are malformed instead of breaking the page', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line(1), { product: 'x', quantity: 'two' }, 7]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(cartStore.getState().cartItems).toEqual([line(1)]);
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(cartStore.getState().cartItems).toEqual([]);
  });

  it('clamps odd quantities', () => {
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(0);
  });
});

describe('the cart between accounts on one browser', () => {
  const address = {
    address: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pinCode: '560001',
    phoneNo: '9876543210',
  };
  beforeEach(() => {
    localStorage.clear();
    cartStore.setState({ cartItems: [], shippingInfo: null });
  });
  const fill = () => {
    cartStore.getState().addToCart(line(1));
    cartStore.getState().saveShippingInfo(address);
  };

  it('is kept for the account that filled it, across a reload of its session', () => {
    cartStore.getState().belongTo('a'.repeat(24));
    fill();
    cartStore.getState().belongTo('a'.repeat(24));
    expect(cartStore.getState().cartItems).toHaveLength(1);
    expect(cartStore.getState().shippingInfo).toEqual(address);
  });

  it('is forgotten, lines and address, in the page and in storage, when that account signs out', () => {
    cartStore.getState().belongTo('a'.repeat(24));
    fill();
    cartStore.getState().belongTo(null);
    expect(cartStore.getState().cartItems).toEqual([]);
    expect(cartStore.getState().shippingInfo).toBeNull();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SHIPPING_STORAGE_KEY)).toBeNull();
  });

  it("is a guest's across reloads, and goes with the account the guest then signs in to", () => {
    cartStore.getState().belongTo(null);
    cartStore.getState().addToCart(line(1));
    cartStore.getState().belongTo(null);
    expect(cartStore.getState().cartItems).toHaveLength(1);
    cartStore.getState().belongTo('a'.repeat(24));
    expect(cartStore.getState().cartItems).toHaveLength(1);
    expect(localStorage.getItem(CART_OWNER_STORAGE_KEY)).toBe(JSON.stringify('a'.repeat(24)));
    // ...and is then that account's: signing out forgets it.
    cartStore.getState().belongTo(null);
    expect(cartStore.getState().cartItems).toEqual([]);
  });

  it('is never shown to another account that signs in on the same browser', () => {
    cartStore.getState().belongTo('a'.repeat(24));
    fill();
    cartStore.getState().belongTo('b'.repeat(24));
    expect(cartStore.getState().cartItems).toEqual([]);
    expect(cartStore.getState().shippingInfo).toBeNull();
    expect(localStorage.getItem(SHIPPING_STORAGE_KEY)).toBeNull();
  });

  it("takes the account's saved cart as the api answers it, sold-out lines included, and forgets its version on sign-out", () => {
    cartStore.getState().belongTo('a'.repeat(24));
    cartStore.getState().addToCart(line(1));
    cartStore.getState().replaceLines([line(2, { quantity: 3 }), line(3, { stock: 0, quantity: 2 })]);
    expect(cartStore.getState().cartItems.map((item) => [item.name, item.quantity])).toEqual([
      ['Product 2', 3],
      ['Product 3', 2],
    ]);
    expect(stored()).toEqual(cartStore.getState().cartItems);
    localStorage.setItem(
      CART_SYNC_STORAGE_KEY,
      JSON.stringify({ account: 'a'.repeat(24), version: 4, lines: [] }),
    );
    cartStore.getState().belongTo(null);
    expect(localStorage.getItem(CART_SYNC_STORAGE_KEY)).toBeNull();
  });
});
