import { currentUserStore, sessionStore } from '@shop/shared-auth';
import type { User } from '@shop/shared-api';
import { ChakraProvider, shopSystem, ShopToaster, toastStore } from '@shop/shared-ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

// happy-dom's Web Animations stub rejects when motion cancels an animation; tests need no animation.
MotionGlobalConfig.skipAnimations = true;

export const adminUser: User = {
  _id: 'b'.repeat(24),
  name: 'Asha Admin',
  email: 'admin@example.com',
  avatar: { url: '/profile.png' },
  role: 'admin',
  createdAt: '2026-01-15T10:00:00.000Z',
};

/** A signed-in admin and no toasts, as the shell leaves the page when it renders the admin remote. */
export function resetAdminSession() {
  toastStore.getState().clear();
  currentUserStore.setState({
    user: adminUser,
    status: 'loaded',
    loading: false,
    error: null,
    isUpdated: false,
  });
  sessionStore.setState({
    provider: 'local',
    status: 'signedIn',
    failure: null,
    providerProfile: null,
    adapter: { getToken: async () => 'test-token', signOut: async () => {} },
  });
}

/** Prints where the router is, for assertions on redirects. */
export function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** A query cache of its own per test, with no retries (a failure shows at once). */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
}

/**
 * Renders an admin page at `at` (matching `path`) in a memory router with the theme, the toaster and a
 * fresh query cache. Any other path renders <Location/>, so a redirect can be read from the page.
 */
export function renderAdmin(
  element: ReactElement,
  { path = '/', at, routes = [] }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  resetAdminSession();
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <Location /> }], {
    initialEntries: [at ?? path],
  });
  const result = render(
    <ChakraProvider value={shopSystem}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ShopToaster />
    </ChakraProvider>,
  );
  return { ...result, router, queryClient };
}
