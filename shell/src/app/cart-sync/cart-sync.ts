import { ApiError, getSavedCart, saveCart, type CartItem, type ShopperCart } from '@shop/shared-api';
import { CART_SYNC_STORAGE_KEY, cartStore } from '@shop/shared-cart';
import {
  keepNewerChanges,
  mergeOnSignIn,
  quantitiesOf,
  sameQuantities,
  type Quantities,
} from './cart-merge.ts';

/** The saved cart this browser last had for the account: its version and quantities. */
interface Synced {
  account: string;
  version: number;
  lines: Quantities;
}

/** Changes made in a quick run (plus, plus, plus) are saved once. */
const SAVE_DELAY_MS = 300;
/** Saves refused because another device saved first, redone at most this often in a row. */
const MAX_CONFLICTS = 3;

function readSynced(account: string): Synced | null {
  try {
    const value = JSON.parse(localStorage.getItem(CART_SYNC_STORAGE_KEY) ?? 'null') as Synced | null;
    return value?.account === account && Number.isInteger(value.version) && Array.isArray(value.lines)
      ? value
      : null;
  } catch {
    return null;
  }
}

function writeSynced(synced: Synced) {
  try {
    localStorage.setItem(CART_SYNC_STORAGE_KEY, JSON.stringify(synced));
  } catch {
    // Storage full or disabled: the next page load merges as at sign-in, which loses nothing either.
  }
}

/**
 * Keeps the signed-in account's cart on the api (issue 28): on start (sign-in, a reload) the saved cart and
 * this browser's are merged, then every change here is saved, and a page coming back into view fetches
 * what other devices saved meanwhile. The last change to a line wins; a line is never dropped by a merge.
 * The browser's `cartItems` stays the cart the pages show: the sync only reads and replaces it.
 * Answers the function that stops it (sign-out, another account).
 */
export function startCartSync(account: string): () => void {
  // Unknown at first sign-in on this browser: the carts are merged, larger quantities winning.
  let synced = readSynced(account);
  let stopped = false;
  let queue = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  // One call at a time, in order. A failure (offline, api down) leaves the browser's cart as it is: it
  // differs from the saved one, so the next change or the next return to the page saves it.
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch((error: unknown) => console.warn('The cart could not be saved', error));
  };

  /**
   * The answer is the saved cart; changes made here while it was on its way (the browser's cart differs
   * from `browserThen`, what it was when the call left) stay on top of it.
   */
  const adopt = (cart: ShopperCart, browserThen: Quantities) => {
    if (stopped) return;
    synced = { account, version: cart.version, lines: quantitiesOf(cart.lines) };
    writeSynced(synced);
    const browserNow = cartStore.getState().cartItems;
    cartStore.getState().replaceLines(keepNewerChanges(browserNow, browserThen, cart.lines));
  };

  const save = async (lines: CartItem[], version: number, conflicts: number): Promise<void> => {
    const browserThen = quantitiesOf(cartStore.getState().cartItems);
    const sent = lines.map(({ product, quantity }) => ({ product, quantity }));
    try {
      adopt(await saveCart({ lines: sent, version }), browserThen);
    } catch (error) {
      // Another device or tab saved first: fetch its cart and put this browser's changes on top.
      if (error instanceof ApiError && error.status === 409 && conflicts < MAX_CONFLICTS)
        return reconcile(conflicts + 1);
      throw error;
    }
  };

  const reconcile = async (conflicts = 0): Promise<void> => {
    const saved = await getSavedCart();
    if (stopped) return;
    const browser = cartStore.getState().cartItems;
    const wanted = synced
      ? keepNewerChanges(browser, synced.lines, saved.lines)
      : mergeOnSignIn(browser, saved.lines);
    if (sameQuantities(quantitiesOf(wanted), quantitiesOf(saved.lines))) adopt(saved, quantitiesOf(browser));
    else await save(wanted, saved.version, conflicts);
  };

  const unsubscribe = cartStore.subscribe((state, previous) => {
    if (state.cartItems === previous.cartItems || !synced) return;
    if (sameQuantities(quantitiesOf(state.cartItems), synced.lines)) return;
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        enqueue(async () => {
          const lines = cartStore.getState().cartItems;
          if (stopped || !synced || sameQuantities(quantitiesOf(lines), synced.lines)) return;
          await save(lines, synced.version, 0);
        }),
      SAVE_DELAY_MS,
    );
  });

  const onVisible = () => {
    if (document.visibilityState === 'visible') enqueue(() => reconcile());
  };
  document.addEventListener('visibilitychange', onVisible);
  enqueue(() => reconcile());

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
