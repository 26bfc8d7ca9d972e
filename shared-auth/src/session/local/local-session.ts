import {
  ApiError,
  login,
  logout,
  refreshSession,
  register,
  type AuthSessionResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@shop/shared-api';
import { currentUserStore } from '../../user/current-user-store.ts';
import { sessionStore, type SessionAdapter, type SessionState } from '../session-store.ts';

/** Refresh this long before the access token runs out, so no call goes out with a token about to die. */
const REFRESH_MARGIN_MS = 60_000;

interface AccessToken {
  value: string;
  expiresAt: number;
}

// The access token lives in memory only; the refresh token is an httpOnly cookie the page never sees.
let accessToken: AccessToken | null = null;
let refreshing: Promise<string | null> | null = null;

/** What the guards say while the api cannot be reached to restore a session. */
export const SHOP_UNREACHABLE =
  'The shop cannot be reached right now, so your session could not be restored. It comes back by itself as soon as the shop answers again.';

/**
 * While the api is unreachable at boot, the restore is tried again: after 2, 4, 8, 16 s, then every 30 s,
 * at most ten times (and at once when the browser says it is back online). Never a request loop.
 */
const RESTORE_RETRY_DELAYS_MS = [2000, 4000, 8000, 16_000, 30_000];
const MAX_RESTORE_RETRIES = 10;
let restoreRetries = 0;
let restoreTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A hint (not a secret) that this browser signed in: guests skip the boot refresh, which would only answer
 * 401 and log an error in the console on every page load.
 */
const SIGNED_IN_HINT_KEY = 'shopSignedIn';

function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage disabled: the boot refresh simply always runs.
  }
}

function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

function accept(answer: AuthSessionResponse): void {
  clearTimeout(restoreTimer);
  restoreRetries = 0;
  accessToken = { value: answer.accessToken, expiresAt: Date.now() + answer.expiresIn * 1000 };
  setSignedInHint(true);
  // The user first, then the status: guards never see "signed in, no profile yet" for the local provider.
  currentUserStore.getState().loadSuccess(answer.user);
  sessionStore.setState({ status: 'signedIn' });
}

function forget(): void {
  clearTimeout(restoreTimer);
  accessToken = null;
  setSignedInHint(false);
  currentUserStore.getState().logoutSuccess();
  sessionStore.setState({ status: 'signedOut' });
}

/**
 * Refreshes one tab at a time. The api rotates the refresh cookie and revokes the whole session when an
 * already-rotated cookie comes back, so two tabs refreshing with the same cookie must not overlap; the
 * Web Locks API queues them across tabs (where it exists), and each then sends the latest cookie.
 */
function refreshAcrossTabs(): Promise<AuthSessionResponse> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('shop-session-refresh', () => refreshSession()) : refreshSession();
}

/** The api did not answer (or answered 5xx/429): the session may be fine, the shop is just unreachable. */
function unreachable(error: unknown): never {
  console.warn('Session refresh failed: the api could not be reached', error);
  if (sessionStore.getState().status !== 'signedIn') {
    // At boot: say so (guards show it with Reload) and try again by itself, with backoff.
    sessionStore.setState({ status: 'failed', failure: SHOP_UNREACHABLE });
    if (restoreRetries < MAX_RESTORE_RETRIES) {
      const delay = RESTORE_RETRY_DELAYS_MS[Math.min(restoreRetries, RESTORE_RETRY_DELAYS_MS.length - 1)]!;
      restoreRetries += 1;
      clearTimeout(restoreTimer);
      restoreTimer = setTimeout(() => void refresh().catch(() => {}), delay);
    }
  }
  // A call waiting for this token fails like any call while the api is down (its screen offers Retry),
  // instead of going out without a token and being answered 'please login'.
  throw new ApiError('', 0, { cause: error });
}

/**
 * One refresh at a time: a page that fires five calls at once refreshes once. Only a 401 means there is no
 * session; an unreachable api keeps the browser's sign-in (and its hint) for when the api is back.
 */
function refresh(): Promise<string | null> {
  refreshing ??= refreshAcrossTabs()
    .then((answer) => {
      accept(answer);
      return answer.accessToken;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        forget();
        return null;
      }
      return unreachable(error);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

globalThis.addEventListener?.('online', () => {
  if (sessionStore.getState().status === 'failed' && sessionStore.getState().provider === 'local')
    void refresh().catch(() => {});
});

export const localAdapter: SessionAdapter = {
  // Like Clerk's getToken(): the cached token while it is good, a refreshed one when it is about to expire.
  getToken: async ({ fresh = false } = {}) => {
    if (!fresh && accessToken && accessToken.expiresAt - Date.now() > REFRESH_MARGIN_MS)
      return accessToken.value;
    // Signed out: no token. Still loading at boot: wait for the restoring refresh (deduplicated).
    if (sessionStore.getState().status === 'signedOut') return null;
    return refresh();
  },
  // docs/product.md, how things change: a failed logout keeps the user (the refresh cookie would still sign them back in).
  signOut: async () => {
    await logout();
    forget();
  },
};

/**
 * The session as far as the page can tell before any request: without the signed-in hint the visitor is a
 * guest. Set before the first render, so a guest's first frame already shows Login (as the prerendered page
 * does) instead of a placeholder that the restore then swaps back, a whole-navbar re-render after mount.
 */
export function localSessionAtBoot(): Pick<SessionState, 'status' | 'adapter'> {
  return { adapter: localAdapter, status: hasSignedInHint() ? 'loading' : 'signedOut' };
}

/** On boot: the refresh cookie, if any, brings the session back. */
export async function restoreLocalSession(): Promise<void> {
  const boot = localSessionAtBoot();
  sessionStore.setState({ provider: 'local', failure: null, ...boot });
  if (boot.status === 'signedOut') {
    forget();
    return;
  }
  restoreRetries = 0;
  await refresh().catch(() => {});
}

/** LOGIN tab. Throws an ApiError with the server's message ('Invalid email or password'). */
export async function signInLocally(credentials: LoginRequest): Promise<void> {
  accept(await login(credentials));
}

/** REGISTER tab. Throws an ApiError with the server's message ('Email is already registered'). */
export async function registerLocally(details: RegisterRequest): Promise<void> {
  accept(await register(details));
}

/** Drops the in-memory token without a server call (the 401 handler, tests). */
export function forgetLocalSession(): void {
  forget();
}
