import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStores } from '../../test/render.tsx';
import { sessionStore } from '../session-store.ts';

// Clerk's own script cannot load here: the SDK is replaced at its boundary by a controllable fake.
const clerk = vi.hoisted(() => ({
  status: 'loading' as string,
  auth: { isLoaded: false, isSignedIn: false as boolean | undefined },
  user: null as null | Record<string, unknown>,
  getToken: vi.fn(async (_options?: unknown) => 'clerk-token'),
  signOut: vi.fn(async () => {}),
  providerThrows: false,
}));

vi.mock('@clerk/react', () => ({
  ClerkProvider: ({ children }: { children: ReactNode }) => {
    if (clerk.providerThrows) throw new Error('The publishableKey passed to Clerk is invalid');
    return children;
  },
  ClerkFailed: ({ children }: { children: ReactNode }) => (clerk.status === 'error' ? children : null),
  useClerk: () => ({ status: clerk.status }),
  useAuth: () => ({ ...clerk.auth, getToken: clerk.getToken, signOut: clerk.signOut }),
  useUser: () => ({ user: clerk.user, isLoaded: clerk.auth.isLoaded }),
  SignIn: () => <div>Clerk SignIn widget</div>,
  SignUp: () => <div>Clerk SignUp widget</div>,
}));

const { default: ClerkSessionProvider, CLERK_LOAD_TIMEOUT_MS } = await import('./ClerkSessionProvider.tsx');

const renderProvider = () =>
  render(
    <ClerkSessionProvider publishableKey="pk_test_example">
      <p>the shop</p>
    </ClerkSessionProvider>,
  );

describe('the Clerk session adapter', () => {
  beforeEach(() => {
    resetStores();
    Object.assign(clerk, {
      status: 'loading',
      auth: { isLoaded: false, isSignedIn: undefined },
      user: null,
      providerThrows: false,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('maps a signed-in Clerk user to the session and its provider profile', async () => {
    Object.assign(clerk, {
      status: 'ready',
      auth: { isLoaded: true, isSignedIn: true },
      user: {
        firstName: 'Asha',
        lastName: 'Rao',
        emailAddresses: [{ emailAddress: 'asha@example.com' }, { emailAddress: 'other@example.com' }],
        imageUrl: 'https://img.clerk.example/asha.png',
        publicMetadata: { role: 'admin' },
      },
    });
    renderProvider();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedIn'));
    expect(sessionStore.getState()).toMatchObject({
      provider: 'clerk',
      providerProfile: {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        imageUrl: 'https://img.clerk.example/asha.png',
        role: 'admin',
      },
    });
    expect(screen.getByText('the shop')).toBeInTheDocument();
  });

  it("hands out Clerk's session token and signs out through Clerk", async () => {
    Object.assign(clerk, { status: 'ready', auth: { isLoaded: true, isSignedIn: true } });
    renderProvider();
    await waitFor(() => expect(sessionStore.getState().provider).toBe('clerk'));
    await expect(sessionStore.getState().adapter.getToken()).resolves.toBe('clerk-token');
    await sessionStore.getState().adapter.getToken({ fresh: true });
    expect(clerk.getToken).toHaveBeenLastCalledWith({ skipCache: true });
    await sessionStore.getState().adapter.signOut();
    expect(clerk.signOut).toHaveBeenCalled();
  });

  it('is signed out when Clerk has loaded without a session', async () => {
    Object.assign(clerk, { status: 'ready', auth: { isLoaded: true, isSignedIn: false } });
    renderProvider();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedOut'));
  });

  it('fails clearly when Clerk reports an error loading its script', async () => {
    clerk.status = 'error';
    renderProvider();
    await waitFor(() => expect(sessionStore.getState().status).toBe('failed'));
    expect(sessionStore.getState().failure).toMatch(/could not be loaded/);
    expect(screen.getByText('the shop')).toBeInTheDocument();
  });

  it('fails clearly instead of spinning forever when Clerk never loads', () => {
    vi.useFakeTimers();
    renderProvider();
    expect(sessionStore.getState().status).toBe('loading');
    act(() => vi.advanceTimersByTime(CLERK_LOAD_TIMEOUT_MS + 1));
    expect(sessionStore.getState().status).toBe('failed');
  });

  it('keeps the shop on screen when the Clerk provider itself throws (bad key)', async () => {
    clerk.providerThrows = true;
    renderProvider();
    expect(screen.getByText('the shop')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().status).toBe('failed'));
  });
});
