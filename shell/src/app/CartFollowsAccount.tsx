import { useCurrentUser, useSession } from '@shop/shared-auth';
import { cartStore } from '@shop/shared-cart';
import { useEffect } from 'react';

/**
 * The cart and the shipping address belong to the account signed in on this browser: signing out forgets
 * them, and another account signing in never sees the last one's (docs/product.md, cart). Only a known
 * answer counts: while the session is being restored, or when it cannot be, nothing is forgotten.
 */
export function CartFollowsAccount() {
  const { status } = useSession();
  const { user } = useCurrentUser();
  // The server's id of the account (a provider's profile alone, before the server user loads, is not enough).
  const account = status === 'signedOut' ? null : status === 'signedIn' && user?.id ? user.id : undefined;
  useEffect(() => {
    if (account !== undefined) cartStore.getState().belongTo(account);
  }, [account]);
  return null;
}
