import type { CartItem } from '@shop/shared-api';

/** A cart as quantities per product, in the cart's order: what a saved cart is compared by. */
export type Quantities = [product: string, quantity: number][];

export const quantitiesOf = (lines: readonly CartItem[]): Quantities =>
  lines.map((line) => [line.product, line.quantity]);

/** The same products in the same quantities, whatever their order. */
export function sameQuantities(a: Quantities, b: Quantities): boolean {
  const first = new Map(a);
  return a.length === b.length && first.size === new Map(b).size && b.every(([id, n]) => first.get(id) === n);
}

/**
 * Signing in on a browser that holds a cart (a guest's, or one kept before the account was saved here):
 * every line of both, and for a product in both the larger quantity, within the stock the api gave. The
 * saved lines come first, with the catalog's names, prices and stock.
 */
export function mergeOnSignIn(browser: readonly CartItem[], saved: readonly CartItem[]): CartItem[] {
  const inBrowser = new Map(browser.map((line) => [line.product, line]));
  const merged = saved.map((line) => {
    const mine = inBrowser.get(line.product);
    if (!mine || mine.quantity <= line.quantity) return line;
    // A sold-out product has no stock to cap at: its line keeps the quantity wanted.
    return { ...line, quantity: line.stock > 0 ? Math.min(mine.quantity, line.stock) : mine.quantity };
  });
  const savedIds = new Set(saved.map((line) => line.product));
  return [...merged, ...browser.filter((line) => !savedIds.has(line.product))];
}

/**
 * The saved cart changed elsewhere (another device or tab) since `base`, the version this browser last
 * had: the lines this browser changed since then keep its change (it is the later one), every other line
 * is as saved. A line is removed only by a change someone made, never by the merge: a product added or
 * changed here stays even if another device removed it meanwhile.
 */
export function keepNewerChanges(
  browser: readonly CartItem[],
  base: Quantities,
  saved: readonly CartItem[],
): CartItem[] {
  const before = new Map(base);
  const inBrowser = new Map(browser.map((line) => [line.product, line]));
  const kept: CartItem[] = [];
  for (const line of saved) {
    const mine = inBrowser.get(line.product);
    const changedHere = mine?.quantity !== before.get(line.product);
    if (!changedHere) kept.push(line);
    // Changed here: the saved line with this browser's quantity; removed here: left out.
    else if (mine) kept.push({ ...line, quantity: mine.quantity });
  }
  const savedIds = new Set(saved.map((line) => line.product));
  for (const mine of browser) {
    // Only here: added or changed here since (kept), or unchanged here and removed elsewhere (gone).
    if (!savedIds.has(mine.product) && mine.quantity !== before.get(mine.product)) kept.push(mine);
  }
  return kept;
}
