import { createStore } from 'zustand/vanilla';
import type { User } from '@shop/shared-api';

/**
 * idle: not asked yet; loading; loaded; failed. Guards wait while idle or loading, so a signed-in admin is
 * never bounced before the profile has answered.
 */
export type ProfileStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface CurrentUserState {
  /** The server's user (GET /me or the sign-in answer). */
  user: User | null;
  status: ProfileStatus;
  loading: boolean;
  error: string | null;
  /** Set by a successful profile or password update; reset clears it (docs/product.md, how things change). */
  isUpdated: boolean;

  // docs/product.md, how things change transitions.
  loadRequest: () => void;
  loadSuccess: (user: User) => void;
  loadFail: (message: string) => void;
  logoutSuccess: () => void;
  logoutFail: (message: string) => void;
  updateSuccess: (user?: User) => void;
  resetUpdate: () => void;
  clearErrors: () => void;
}

function createCurrentUserStore() {
  return createStore<CurrentUserState>()((set) => ({
    user: null,
    status: 'idle',
    loading: false,
    error: null,
    isUpdated: false,
    loadRequest: () => set({ user: null, status: 'loading', loading: true }),
    loadSuccess: (user) => set({ user, status: 'loaded', loading: false, error: null }),
    loadFail: (message) => set({ user: null, status: 'failed', loading: false, error: message }),
    logoutSuccess: () => set({ user: null, status: 'idle', loading: false, error: null, isUpdated: false }),
    logoutFail: (message) => set({ error: message }),
    updateSuccess: (user) => set((state) => ({ user: user ?? state.user, isUpdated: true })),
    resetUpdate: () => set({ isUpdated: false }),
    clearErrors: () => set({ error: null }),
  }));
}

type CurrentUserStore = ReturnType<typeof createCurrentUserStore>;

// One store per page: federation shares this package as a singleton that remotes never bundle
// (federation.shared.ts); e2e/foundation.spec.ts fails if a remote ever loads its own copy.
export const currentUserStore: CurrentUserStore = createCurrentUserStore();
