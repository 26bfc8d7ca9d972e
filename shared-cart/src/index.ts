export {
  cartStore,
  clampQuantity,
  CART_STORAGE_KEY,
  CART_OWNER_STORAGE_KEY,
  CART_SYNC_STORAGE_KEY,
  RECENTLY_VIEWED_KEPT,
  RECENTLY_VIEWED_STORAGE_KEY,
  SHIPPING_STORAGE_KEY,
  type CartState,
} from './cart-store.ts';
export { useCartCount, useCartItems, useRecentlyViewed, useShippingInfo } from './hooks.ts';
export type { ViewedProduct } from './stored-values.ts';
