import { useCurrentUser, useSession } from '@shop/shared-auth';
import { cartStore } from '@shop/shared-cart';
import { useEffect } from 'react';

/**
 * The cart and the shipping address belong to the account signed in on this browser: signing out forgets
 * them, and another account signing in never sees the last one's (docs/product.md, cart). Only a known
 * answer counts: while the session is being restored, or when it cannot be, nothing is forgotten.
 *
 * A signed-in account's cart is also kept on the api, so it follows the account to other devices (issue
 * 28). The sync's code loads only once someone is signed in: a guest's pages never download it.
 */
export function CartFollowsAccount() {
  const { status } = useSession();
  const { user } = useCurrentUser();
  // The server's id of the account (a provider's profile alone, before the server user loads, is not enough).
  const account = status === 'signedOut' ? null : status === 'signedIn' && user?.id ? user.id : undefined;
  useEffect(() => {
    if (account !== undefined) cartStore.getState().belongTo(account);
    if (!account) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./cart-sync/cart-sync.ts')
      .then(({ startCartSync }) => {
        if (!left) stop = startCartSync(account);
      })
      // Not loaded (offline, a new release): the cart stays this browser's until the next page load.
      .catch((error: unknown) => console.warn('The cart sync did not load', error));
    // Stopped before the next account's belongTo empties the cart, so that emptying is never saved.
    return () => {
      left = true;
      stop?.();
    };
  }, [account]);
  return null;
}
