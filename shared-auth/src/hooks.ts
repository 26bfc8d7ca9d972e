import { shopQueryClient, type User } from '@shop/shared-api';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { sessionStore, type AuthProviderName, type SessionStatus } from './session/session-store.ts';
import { currentUserStore, type ProfileStatus } from './user/current-user-store.ts';
import { resolveShopUser, type ShopUser } from './user/resolve-user.ts';

export interface SessionView {
  provider: AuthProviderName;
  status: SessionStatus;
  isLoaded: boolean;
  isSignedIn: boolean;
  /** Why the provider failed to start, when status is 'failed'. */
  failure: string | null;
}

/** The sign-in state, whichever provider is configured. */
export function useSession(): SessionView {
  return useStore(
    sessionStore,
    useShallow((state) => ({
      provider: state.provider,
      status: state.status,
      isLoaded: state.status !== 'loading',
      isSignedIn: state.status === 'signedIn',
      failure: state.failure,
    })),
  );
}

export interface CurrentUserView {
  /** Server user or provider fallback, ready to display; null for guests. */
  user: ShopUser | null;
  /** The raw server user, when loaded. */
  serverUser: User | null;
  profileStatus: ProfileStatus;
  loading: boolean;
  error: string | null;
  isUpdated: boolean;
  isAdmin: boolean;
}

/** The signed-in person, for any screen of any app. */
export function useCurrentUser(): CurrentUserView {
  const { serverUser, profileStatus, loading, error, isUpdated } = useStore(
    currentUserStore,
    useShallow((state) => ({
      serverUser: state.user,
      profileStatus: state.status,
      loading: state.loading,
      error: state.error,
      isUpdated: state.isUpdated,
    })),
  );
  const { signedIn, providerProfile } = useStore(
    sessionStore,
    useShallow((state) => ({
      signedIn: state.status === 'signedIn',
      providerProfile: state.providerProfile,
    })),
  );
  const user = signedIn ? resolveShopUser(serverUser, providerProfile) : null;
  return {
    user,
    serverUser: signedIn ? serverUser : null,
    profileStatus,
    loading,
    error,
    isUpdated,
    isAdmin: user?.role === 'admin',
  };
}

/** Bearer token for calls made outside the shared client (rare: the client adds it already). */
export function getSessionToken(options?: { fresh?: boolean }): Promise<string | null> {
  return sessionStore.getState().adapter.getToken(options);
}

/**
 * Signs out with the configured provider. Logout success clears the user; failure keeps the user and
 * records the error (docs/product.md, how things change). Resolves to true on success.
 */
export async function signOut(): Promise<boolean> {
  try {
    await sessionStore.getState().adapter.signOut();
    currentUserStore.getState().logoutSuccess();
    // Orders and other answers fetched for this person must not be shown to whoever signs in next.
    shopQueryClient.clear();
    sessionStore.setState({ status: 'signedOut' });
    return true;
  } catch (error) {
    currentUserStore
      .getState()
      .logoutFail(error instanceof Error && error.message ? error.message : 'Logout failed');
    return false;
  }
}
