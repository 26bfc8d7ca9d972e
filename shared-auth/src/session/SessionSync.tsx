import { getMe, errorMessage, FALLBACK_MESSAGES } from '@shop/shared-api';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { currentUserStore } from '../user/current-user-store.ts';
import { sessionStore } from './session-store.ts';

/** Fetches the server profile once for a signed-in session that has none. A 401 is the client's business. */
async function loadCurrentUserOnce(): Promise<void> {
  // Checked here, not only in the effect: StrictMode runs effects twice before the store re-renders us.
  if (currentUserStore.getState().status !== 'idle') return;
  currentUserStore.getState().loadRequest();
  try {
    currentUserStore.getState().loadSuccess(await getMe());
  } catch (error) {
    currentUserStore.getState().loadFail(errorMessage(error, FALLBACK_MESSAGES.loadUser));
  }
}

/**
 * docs/product.md, how things change, session sync: when signed in and no profile is loaded, fetch it once with the session
 * token; on sign-out clear the user.
 */
/**
 * Loads the profile again with a fresh token (after a profile update), keeping the old one on screen
 * meanwhile. Resolves to false when it failed (the error is in the store).
 */
export async function reloadCurrentUser(): Promise<boolean> {
  try {
    await sessionStore.getState().adapter.getToken({ fresh: true });
    currentUserStore.getState().loadSuccess(await getMe());
    return true;
  } catch (error) {
    currentUserStore.setState({ error: errorMessage(error, FALLBACK_MESSAGES.loadUser) });
    return false;
  }
}

export function SessionSync() {
  const status = useStore(sessionStore, (state) => state.status);
  const profileStatus = useStore(currentUserStore, (state) => state.status);

  useEffect(() => {
    if (status === 'signedIn' && profileStatus === 'idle') void loadCurrentUserOnce();
    if ((status === 'signedOut' || status === 'failed') && profileStatus !== 'idle') {
      currentUserStore.getState().logoutSuccess();
    }
  }, [status, profileStatus]);

  return null;
}
