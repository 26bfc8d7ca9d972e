import { createStore } from 'zustand/vanilla';
import type { ProviderProfile } from '../user/provider-profile.ts';

export type { ProviderProfile };

export type AuthProviderName = 'local' | 'clerk';

/**
 * loading: the provider is starting or restoring a session; signedIn / signedOut: known;
 * failed: the provider itself could not start (Clerk's script blocked, bad key): shown, never a blank page.
 */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'failed';

/** What every provider adapter gives the rest of the shop. */
export interface SessionAdapter {
  /** A valid bearer token for the api, or null when signed out. `fresh` skips any cached token. */
  getToken: (options?: { fresh?: boolean }) => Promise<string | null>;
  signOut: () => Promise<void>;
}

export interface SessionState {
  provider: AuthProviderName;
  status: SessionStatus;
  /** Why the provider could not start, for the error screen. */
  failure: string | null;
  providerProfile: ProviderProfile | null;
  adapter: SessionAdapter;
}

const signedOutAdapter: SessionAdapter = {
  getToken: async () => null,
  signOut: async () => {},
};

function createSessionStore() {
  return createStore<SessionState>()(() => ({
    provider: 'local',
    status: 'loading',
    failure: null,
    providerProfile: null,
    adapter: signedOutAdapter,
  }));
}

type SessionStore = ReturnType<typeof createSessionStore>;

// One session per page: federation shares this package as a singleton that remotes never bundle
// (federation.shared.ts); e2e/foundation.spec.ts fails if a remote ever loads its own copy.
export const sessionStore: SessionStore = createSessionStore();

/**
 * The session's status once it is known: at once when it is, else when the provider has finished restoring
 * it (a tap that lands while the page is still finding out who is there waits for the answer).
 */
export function sessionSettled(): Promise<Exclude<SessionStatus, 'loading'>> {
  return new Promise((resolve) => {
    const settle = ({ status }: SessionState) => {
      if (status === 'loading') return false;
      resolve(status);
      return true;
    };
    if (settle(sessionStore.getState())) return;
    const stop = sessionStore.subscribe((state) => {
      if (settle(state)) stop();
    });
  });
}
