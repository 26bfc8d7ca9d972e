import type { CartItem, ShippingInfo } from '@shop/shared-api';
import { useStore } from 'zustand';
import { cartStore } from './cart-store.ts';
import type { ViewedProduct } from './stored-values.ts';

export function useCartItems(): CartItem[] {
  return useStore(cartStore, (state) => state.cartItems);
}

/** Number of lines in the cart, as the avatar menu shows next to Cart. */
export function useCartCount(): number {
  return useStore(cartStore, (state) => state.cartItems.length);
}

export function useShippingInfo(): ShippingInfo | null {
  return useStore(cartStore, (state) => state.shippingInfo);
}

/** The products last looked at on this browser, newest first. */
export function useRecentlyViewed(): ViewedProduct[] {
  return useStore(cartStore, (state) => state.recentlyViewed);
}
