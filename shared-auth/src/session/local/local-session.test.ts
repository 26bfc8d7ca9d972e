import type * as SharedApi from '@shop/shared-api';
import { ApiError, type AuthSessionResponse } from '@shop/shared-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, resetStores, shopper } from '../../test/render.tsx';
import { currentUserStore } from '../../user/current-user-store.ts';
import { sessionStore } from '../session-store.ts';

const api = vi.hoisted(() => ({
  login: vi.fn(),
  register: vi.fn(),
  refreshSession: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const { localAdapter, registerLocally, restoreLocalSession, signInLocally, SHOP_UNREACHABLE } =
  await import('./local-session.ts');

const answer = (accessToken: string, user = shopper, expiresIn = 900): AuthSessionResponse => ({
  success: true,
  user,
  accessToken,
  expiresIn,
});

describe('the local session adapter', () => {
  beforeEach(() => {
    resetStores();
    vi.resetAllMocks();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('restores the session from the refresh cookie on boot', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockResolvedValue(answer('boot-token'));
    await restoreLocalSession();
    expect(sessionStore.getState()).toMatchObject({ provider: 'local', status: 'signedIn' });
    expect(currentUserStore.getState().user).toEqual(shopper);
    await expect(sessionStore.getState().adapter.getToken()).resolves.toBe('boot-token');
  });

  it('asks the api nothing for a browser that never signed in', async () => {
    localStorage.clear();
    await restoreLocalSession();
    expect(sessionStore.getState().status).toBe('signedOut');
    expect(api.refreshSession).not.toHaveBeenCalled();
  });

  it('is signed out when there is no session cookie', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockRejectedValue(new ApiError('No session', 401));
    await restoreLocalSession();
    expect(sessionStore.getState().status).toBe('signedOut');
    await expect(localAdapter.getToken()).resolves.toBeNull();
    expect(api.refreshSession).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('shopSignedIn')).toBeNull();
  });

  it('with the api unreachable at boot: says so, keeps the sign-in, and restores it once the api answers', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockRejectedValue(new ApiError('Failed to load user', 0));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await restoreLocalSession();
    expect(sessionStore.getState()).toMatchObject({ status: 'failed', failure: SHOP_UNREACHABLE });
    expect(localStorage.getItem('shopSignedIn')).toBe('1');
    // A call made meanwhile fails as a network failure, not as a guest's call.
    await expect(localAdapter.getToken()).rejects.toMatchObject({ status: 0 });

    api.refreshSession.mockResolvedValue(answer('back'));
    await vi.advanceTimersByTimeAsync(4_100);
    expect(sessionStore.getState().status).toBe('signedIn');
    await expect(localAdapter.getToken()).resolves.toBe('back');
  });

  it('tries again a bounded number of times with growing delays, never in a loop', async () => {
    localStorage.setItem('shopSignedIn', '1');
    api.refreshSession.mockRejectedValue(new ApiError('', 503));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await restoreLocalSession();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(api.refreshSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(api.refreshSession).toHaveBeenCalledTimes(11);
  });

  it('signs in and registers with the api and keeps the returned user', async () => {
    api.login.mockResolvedValue(answer('login-token', admin));
    await signInLocally({ email: 'admin@example.com', password: 'Admin12345' });
    expect(api.login).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'Admin12345' });
    expect(sessionStore.getState().status).toBe('signedIn');
    expect(currentUserStore.getState().user).toEqual(admin);

    api.register.mockResolvedValue(answer('register-token'));
    await registerLocally({ name: 'New', email: 'new@example.com', password: 'Secret123' });
    await expect(localAdapter.getToken()).resolves.toBe('register-token');
  });

  it('passes sign-in errors through to the form', async () => {
    api.login.mockRejectedValue(new ApiError('Invalid email or password', 401));
    await expect(signInLocally({ email: 'a@b.co', password: 'nope' })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(currentUserStore.getState().user).toBeNull();
  });

  it('refreshes the token shortly before it expires, once for many callers', async () => {
    api.login.mockResolvedValue(answer('first', shopper, 900));
    await signInLocally({ email: 'shopper@example.com', password: 'Shopper12345' });
    vi.advanceTimersByTime(841_000); // 59 s left: inside the refresh margin
    api.refreshSession.mockResolvedValue(answer('second'));
    const tokens = await Promise.all([
      localAdapter.getToken(),
      localAdapter.getToken(),
      localAdapter.getToken(),
    ]);
    expect(tokens).toEqual(['second', 'second', 'second']);
    expect(api.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('refreshes under a cross-tab lock, so two tabs never send the same rotated cookie', async () => {
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      localStorage.setItem('shopSignedIn', '1');
      api.refreshSession.mockResolvedValue(answer('locked'));
      await restoreLocalSession();
      expect(request).toHaveBeenCalledWith('shop-session-refresh', expect.any(Function));
      await expect(localAdapter.getToken()).resolves.toBe('locked');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives a fresh token on request', async () => {
    api.login.mockResolvedValue(answer('first'));
    await signInLocally({ email: 'shopper@example.com', password: 'Shopper12345' });
    api.refreshSession.mockResolvedValue(answer('fresh'));
    await expect(localAdapter.getToken({ fresh: true })).resolves.toBe('fresh');
  });

  it('signs out: forgets the token and the user', async () => {
    api.login.mockResolvedValue(answer('first'));
    await signInLocally({ email: 'shopper@example.com', password: 'Shopper12345' });
    api.logout.mockResolvedValue(undefined);
    await localAdapter.signOut();
    expect(sessionStore.getState().status).toBe('signedOut');
    expect(currentUserStore.getState().user).toBeNull();
    await expect(localAdapter.getToken()).resolves.toBeNull();
  });

  it('a failed logout keeps the user (docs/product.md, how things change)', async () => {
    api.login.mockResolvedValue(answer('first'));
    await signInLocally({ email: 'shopper@example.com', password: 'Shopper12345' });
    api.logout.mockRejectedValue(new ApiError('Failed to logout', 0));
    await expect(localAdapter.signOut()).rejects.toThrow('Failed to logout');
    expect(sessionStore.getState().status).toBe('signedIn');
    expect(currentUserStore.getState().user).toEqual(shopper);
  });
});
