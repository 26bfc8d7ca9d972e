import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** A cart line as SPEC section 3 keeps it in local storage under `cartItems`. */
export interface CartLine {
  product: string;
  name: string;
  price: number;
  image: string;
  stock: number;
  quantity: number;
}

export const CART_STORAGE_KEY = 'cartItems';

interface CartItemsState {
  cartItems: CartLine[];
  /** Replaces the whole cart and writes it to local storage (the storefront's cart logic calls this). */
  setCartItems: (items: CartLine[]) => void;
}

function readStoredCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as CartLine[]) : [];
  } catch {
    return [];
  }
}

function createCartItemsStore() {
  const store = createStore<CartItemsState>()((set) => ({
    cartItems: readStoredCart(),
    setCartItems: (items) => {
      globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
      set({ cartItems: items });
    },
  }));
  // Another tab changed the cart: follow it, so the navbar count is right everywhere.
  globalThis.addEventListener?.('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) store.setState({ cartItems: readStoredCart() });
  });
  return store;
}

type CartItemsStore = ReturnType<typeof createCartItemsStore>;

/**
 * The cart lines, shared by the storefront (which adds, removes and clears them through `setCartItems`)
 * and the shell (which shows the count in the avatar menu). Stored as a plain array under `cartItems`,
 * as SPEC section 3 says, so it survives reloads.
 */
export const cartItemsStore: CartItemsStore = createCartItemsStore();

export function useCartItems(): CartLine[] {
  return useStore(cartItemsStore, (state) => state.cartItems);
}

/** Number of lines in the cart (what the avatar menu shows next to Cart). */
export function useCartCount(): number {
  return useStore(cartItemsStore, (state) => state.cartItems.length);
}
