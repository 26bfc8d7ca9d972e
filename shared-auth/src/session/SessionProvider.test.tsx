import type * as SharedApi from '@shop/shared-api';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme, resetStores, shopper } from '../test/render.tsx';
import { useSession } from '../hooks.ts';
import { currentUserStore } from '../user/current-user-store.ts';
import { sessionStore } from './session-store.ts';

const api = vi.hoisted(() => ({
  configureApi: vi.fn(),
  refreshSession: vi.fn(),
  logout: vi.fn(),
  getMe: vi.fn(),
}));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

vi.mock('@clerk/react', () => ({
  ClerkProvider: ({ children }: { children: ReactNode }) => children,
  ClerkFailed: () => null,
  useClerk: () => ({ status: 'ready' }),
  useAuth: () => ({ isLoaded: true, isSignedIn: false, getToken: async () => null, signOut: async () => {} }),
  useUser: () => ({ user: null }),
  SignIn: () => <div>Clerk SignIn widget</div>,
  SignUp: () => <div>Clerk SignUp widget</div>,
}));

const { SessionProvider } = await import('./SessionProvider.tsx');
const { ProviderSignIn, ProviderSignUp } = await import('../provider-widgets.tsx');

type ApiConfig = {
  baseUrl: string;
  getToken: () => Promise<string | null>;
  onUnauthorized: (m: string) => Promise<void>;
};
const lastApiConfig = () => api.configureApi.mock.calls.at(-1)![0] as ApiConfig;

/** Mounts the local provider around a child that records the session status of each of its renders. */
function renderSessionStatuses(): string[] {
  const rendered: string[] = [];
  function SessionProbe() {
    rendered.push(useSession().status);
    return null;
  }
  render(
    <SessionProvider auth={{ provider: 'local' }} apiBaseUrl="http://api.test/api/v1">
      <SessionProbe />
    </SessionProvider>,
  );
  return rendered;
}

describe('<SessionProvider>', () => {
  beforeEach(() => {
    resetStores();
    vi.resetAllMocks();
    localStorage.clear();
  });

  it('points the api client at config.json and hands it the session token', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockResolvedValue({
      success: true,
      user: shopper,
      accessToken: 'restored',
      expiresIn: 900,
    });
    render(
      <SessionProvider auth={{ provider: 'local' }} apiBaseUrl="http://api.test/api/v1">
        <p>the shop</p>
      </SessionProvider>,
    );
    expect(screen.getByText('the shop')).toBeInTheDocument();
    expect(lastApiConfig().baseUrl).toBe('http://api.test/api/v1');
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedIn'));
    await expect(lastApiConfig().getToken()).resolves.toBe('restored');
  });

  it('draws a guest signed out from the first render: no loading frame for the navbar to swap, no refresh call', async () => {
    const rendered = renderSessionStatuses();
    await act(async () => {});
    expect(rendered).toEqual(['signedOut']);
    expect(api.refreshSession).not.toHaveBeenCalled();
  });

  it('waits for the restore when this browser signed in before', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockResolvedValue({ success: true, user: shopper, accessToken: 't', expiresIn: 900 });
    const rendered = renderSessionStatuses();
    await waitFor(() => expect(rendered.at(-1)).toBe('signedIn'));
    expect(rendered[0]).toBe('loading');
  });

  it('on a 401 clears the user and signs the dead session out', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockResolvedValue({ success: true, user: shopper, accessToken: 't', expiresIn: 900 });
    api.logout.mockResolvedValue(undefined);
    render(
      <SessionProvider auth={{ provider: 'local' }} apiBaseUrl="http://api.test/api/v1">
        <p>the shop</p>
      </SessionProvider>,
    );
    await waitFor(() => expect(currentUserStore.getState().user).toEqual(shopper));
    await act(() => lastApiConfig().onUnauthorized('Session expired. Please login again.'));
    expect(currentUserStore.getState().user).toBeNull();
    expect(sessionStore.getState().status).toBe('signedOut');
    expect(api.logout).toHaveBeenCalled();
    expect(localStorage.getItem('shopSignedIn')).toBeNull();
  });

  it('mounts Clerk when config.json names it, and shows its hosted widgets', async () => {
    renderWithTheme(
      <SessionProvider
        auth={{ provider: 'clerk', publishableKey: 'pk_test_x' }}
        apiBaseUrl="http://api.test/api/v1"
      >
        <ProviderSignIn redirectTo="/account" />
        <ProviderSignUp redirectTo="/account" />
      </SessionProvider>,
    );
    expect(await screen.findByText('Clerk SignIn widget')).toBeInTheDocument();
    expect(await screen.findByText('Clerk SignUp widget')).toBeInTheDocument();
    await waitFor(() =>
      expect(sessionStore.getState()).toMatchObject({ provider: 'clerk', status: 'signedOut' }),
    );
    expect(api.refreshSession).not.toHaveBeenCalled();
  });
});
