export {
  cartStore,
  clampQuantity,
  CART_STORAGE_KEY,
  CART_OWNER_STORAGE_KEY,
  SHIPPING_STORAGE_KEY,
  type CartState,
} from './cart-store.ts';
export { useCartCount, useCartItems, useShippingInfo } from './hooks.ts';
