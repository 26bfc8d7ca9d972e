import type { User } from '@shop/shared-api';
import { loadToastList, ShopThemeProvider, ShopToaster, toastStore } from '@shop/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { sessionStore } from '../session/session-store.ts';
import { currentUserStore } from '../user/current-user-store.ts';

// happy-dom's Web Animations stub rejects when motion cancels an animation; tests need no animation.
MotionGlobalConfig.skipAnimations = true;
// The page fetches the animated toasts with its first toast; tests have them from the start, so a toast
// shows in the same render that raised it.
await loadToastList();

/** A fresh page: nobody signed in (or the given user, loaded), no toasts. */
export function resetSession(user: User | null = null, provider: 'local' | 'clerk' = 'local') {
  toastStore.getState().clear();
  currentUserStore.setState({
    user,
    status: user ? 'loaded' : 'idle',
    loading: false,
    error: null,
    isUpdated: false,
  });
  sessionStore.setState({
    provider,
    status: user ? 'signedIn' : 'signedOut',
    failure: null,
    providerProfile: null,
    adapter: { getToken: async () => (user ? 'test-token' : null), signOut: async () => {} },
  });
}

/** Prints where the router is, for assertions on redirects. */
export function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders `element` at `path` as the shell would: theme, a query cache of its own (no retries, so a
 * failure shows at once), a memory router and the toaster. Other `routes` may be visited; any other
 * address prints where the router went.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', at, routes = [] }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <Location /> }], {
    initialEntries: [at ?? path],
  });
  const result = render(
    <ShopThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ShopToaster />
    </ShopThemeProvider>,
  );
  return { ...result, router, queryClient };
}
