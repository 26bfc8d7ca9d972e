import type { CartItem, ShippingInfo } from '@shop/shared-api';
import { createStore } from 'zustand/vanilla';
import {
  isStoredCartLine,
  isStoredShippingInfo,
  isStoredViewedProduct,
  type ViewedProduct,
} from './stored-values.ts';

/** Local storage keys of docs/product.md (cart): plain JSON values, so they survive reloads and tabs. */
export const CART_STORAGE_KEY = 'cartItems';
export const SHIPPING_STORAGE_KEY = 'shippingInfo';
/** Whose cart and address those are (the account's id): another account never sees them. */
export const CART_OWNER_STORAGE_KEY = 'cartOwner';
/** The products last looked at on this browser, newest first (issue 28): the same owner as the cart. */
export const RECENTLY_VIEWED_STORAGE_KEY = 'recentlyViewed';
/**
 * A signed-in account's cart as last saved on the api (its version and quantities): what the cart sync
 * compares the browser's lines with, to tell this browser's changes from another device's (issue 28).
 */
export const CART_SYNC_STORAGE_KEY = 'cartSynced';
/** How many looked-at products are kept. */
export const RECENTLY_VIEWED_KEPT = 8;

export interface CartState {
  cartItems: CartItem[];
  shippingInfo: ShippingInfo | null;
  /** Adds a product, or replaces its line when it is already in the cart; the quantity is kept in 1..stock. */
  addToCart: (line: CartItem) => void;
  /** Sets a line's quantity, kept in 1..stock. */
  setQuantity: (product: string, quantity: number) => void;
  removeFromCart: (product: string) => void;
  /** Empties the lines only; the shipping address stays for the next order. */
  clearCart: () => void;
  /**
   * The account's cart as the api keeps it (the cart sync, issue 28): these lines as given, with the
   * catalog's names, prices and stock; a sold-out or deleted product's line is kept (stock 0), not dropped.
   */
  replaceLines: (lines: CartItem[]) => void;
  saveShippingInfo: (info: ShippingInfo) => void;
  /** The products last looked at, newest first, at most RECENTLY_VIEWED_KEPT. */
  recentlyViewed: ViewedProduct[];
  /** A product page was opened: it goes first (once), the oldest beyond the limit goes. */
  rememberViewed: (product: ViewedProduct) => void;
  /**
   * The account now signed in on this browser (null: nobody). The cart and the shipping address are that
   * account's: signing out forgets both (and the products looked at), and an account that is not the one they were kept for starts
   * with none (docs/product.md, cart: privacy between accounts).
   */
  belongTo: (account: string | null) => void;
}

/** A quantity the shopper may have: a whole number from 1 to the stock (0 when nothing is left). */
export function clampQuantity(quantity: number, stock: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(0, Math.min(Math.max(1, whole), stock));
}

function read(key: string): unknown {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the cart still works for this page.
  }
}

function forget(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** What is stored, keeping only lines that are still well-formed (an old or edited value never breaks the page). */
function storedCart(): CartItem[] {
  const value = read(CART_STORAGE_KEY);
  if (!Array.isArray(value)) return [];
  // Only the line's own fields, as the schema's parse would keep them.
  return value.filter(isStoredCartLine).map(({ product, name, price, image, stock, quantity }) => ({
    product,
    name,
    price,
    image,
    stock,
    quantity,
  }));
}

function storedRecentlyViewed(): ViewedProduct[] {
  const value = read(RECENTLY_VIEWED_STORAGE_KEY);
  if (!Array.isArray(value)) return [];
  return value
    .filter(isStoredViewedProduct)
    .slice(0, RECENTLY_VIEWED_KEPT)
    .map(({ product, name, price, image }) => ({ product, name, price, image }));
}

function storedShippingInfo(): ShippingInfo | null {
  const value = read(SHIPPING_STORAGE_KEY);
  return isStoredShippingInfo(value) ? value : null;
}

function createCartStore() {
  const store = createStore<CartState>()((set, get) => {
    const saveLines = (cartItems: CartItem[]) => {
      write(CART_STORAGE_KEY, cartItems);
      set({ cartItems });
    };
    return {
      // Empty as a server renders it; the stored cart is read just below. A page the server rendered is
      // hydrated from this initial state (zustand's server snapshot) and then shows the stored count, so
      // the browser's first render matches the server's markup.
      cartItems: [],
      shippingInfo: null,
      recentlyViewed: [],
      rememberViewed: (viewed) => {
        const { product, name, price, image } = viewed;
        const recentlyViewed = [
          { product, name, price, image },
          ...get().recentlyViewed.filter((each) => each.product !== product),
        ].slice(0, RECENTLY_VIEWED_KEPT);
        write(RECENTLY_VIEWED_STORAGE_KEY, recentlyViewed);
        set({ recentlyViewed });
      },
      addToCart: (line) => {
        const quantity = clampQuantity(line.quantity, line.stock);
        if (quantity < 1) return;
        const lines = get().cartItems;
        const added = { ...line, quantity };
        saveLines(
          lines.some((item) => item.product === line.product)
            ? lines.map((item) => (item.product === line.product ? added : item))
            : [...lines, added],
        );
      },
      setQuantity: (product, quantity) =>
        saveLines(
          get().cartItems.map((item) =>
            item.product === product
              ? { ...item, quantity: Math.max(1, clampQuantity(quantity, item.stock)) }
              : item,
          ),
        ),
      removeFromCart: (product) => saveLines(get().cartItems.filter((item) => item.product !== product)),
      clearCart: () => saveLines([]),
      replaceLines: (lines) => saveLines(lines),
      saveShippingInfo: (shippingInfo) => {
        write(SHIPPING_STORAGE_KEY, shippingInfo);
        set({ shippingInfo });
      },
      belongTo: (account) => {
        const owner = read(CART_OWNER_STORAGE_KEY);
        // The same account, or a guest still browsing: the cart stays (a guest's survives a reload).
        if (owner === account) return;
        // A guest's cart (or one kept before owners were recorded) goes with the account that signs in.
        if (owner === null) return write(CART_OWNER_STORAGE_KEY, account);
        for (const key of [
          CART_STORAGE_KEY,
          SHIPPING_STORAGE_KEY,
          RECENTLY_VIEWED_STORAGE_KEY,
          CART_SYNC_STORAGE_KEY,
          CART_OWNER_STORAGE_KEY,
        ])
          forget(key);
        if (account !== null) write(CART_OWNER_STORAGE_KEY, account);
        set({ cartItems: [], shippingInfo: null, recentlyViewed: [] });
      },
    };
  });
  store.setState({
    cartItems: storedCart(),
    shippingInfo: storedShippingInfo(),
    recentlyViewed: storedRecentlyViewed(),
  });
  // Another tab changed the cart: follow it, so every tab shows the same cart and count.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) store.setState({ cartItems: storedCart() });
    if (event.key === SHIPPING_STORAGE_KEY || event.key === null)
      store.setState({ shippingInfo: storedShippingInfo() });
    if (event.key === RECENTLY_VIEWED_STORAGE_KEY || event.key === null)
      store.setState({ recentlyViewed: storedRecentlyViewed() });
  });
  return store;
}

type CartStore = ReturnType<typeof createCartStore>;

/**
 * The shopper's cart, one per page: the storefront adds, changes and empties it, the shell shows its count.
 * Federation shares this package as a singleton, so both read the same store.
 */
export const cartStore: CartStore = createCartStore();
