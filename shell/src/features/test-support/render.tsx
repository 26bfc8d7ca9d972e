import { ChakraProvider, shopSystem, ShopToaster, toastStore } from '@shop/shared-ui';
import { currentUserStore, sessionStore } from '@shop/shared-auth';
import { render } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

// happy-dom's Web Animations stub rejects when motion cancels an animation; tests need no animation.
MotionGlobalConfig.skipAnimations = true;

export { adminUser as admin, shopperUser as shopper } from '@shop/shared-api/testing';
import type { User } from '@shop/shared-api';

/** A fresh page: nobody signed in (or the given user), no toasts. */
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

/** Renders `element` at `path` in a memory router with the theme and the toaster, as the shell does. */
export function renderPage(
  element: ReactElement,
  { path = '/', at, routes = [] }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <Location /> }], {
    initialEntries: [at ?? path],
  });
  const result = render(
    <ChakraProvider value={shopSystem}>
      <RouterProvider router={router} />
      <ShopToaster />
    </ChakraProvider>,
  );
  return { ...result, router };
}
