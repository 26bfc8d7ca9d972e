import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, cartItemsStore, useCartCount, type CartLine } from './cart-items-store.ts';

const line = (product: string): CartLine => ({
  product,
  name: product,
  price: 100,
  image: '/x.png',
  stock: 5,
  quantity: 1,
});

describe('cart items store', () => {
  beforeEach(() => {
    localStorage.clear();
    cartItemsStore.getState().setCartItems([]);
  });

  it('writes the cart to local storage as a plain array under cartItems', () => {
    cartItemsStore.getState().setCartItems([line('a'), line('b')]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
  });

  it('gives the navbar a live count', () => {
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => cartItemsStore.getState().setCartItems([line('a'), line('b'), line('c')]));
    expect(result.current).toBe(3);
  });

  it('follows another tab through the storage event', () => {
    const { result } = renderHook(() => useCartCount());
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line('z')]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current).toBe(1);
  });
});
