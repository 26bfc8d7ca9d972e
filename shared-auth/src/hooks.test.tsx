import { queryKeys, shopQueryClient } from '@shop/shared-api';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut, useCurrentUser, useSession } from './hooks.ts';
import { sessionStore } from './session/session-store.ts';
import { admin, resetStores, shopper } from './test/render.tsx';
import { currentUserStore } from './user/current-user-store.ts';

describe('session hooks', () => {
  beforeEach(resetStores);

  it('useSession reports loading, then signed in', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toMatchObject({ status: 'loading', isLoaded: false, isSignedIn: false });
    act(() => sessionStore.setState({ status: 'signedIn' }));
    expect(result.current).toMatchObject({ status: 'signedIn', isLoaded: true, isSignedIn: true });
  });

  it('useCurrentUser resolves the display user and the admin flag, and nobody when signed out', () => {
    const { result } = renderHook(() => useCurrentUser());
    act(() => {
      currentUserStore.getState().loadSuccess(admin);
      sessionStore.setState({ status: 'signedIn' });
    });
    expect(result.current.user).toMatchObject({
      name: 'Asha Admin',
      role: 'admin',
      avatarUrl: '/uploads/shopper.png',
    });
    expect(result.current.isAdmin).toBe(true);
    act(() => sessionStore.setState({ status: 'signedOut' }));
    expect(result.current.user).toBeNull();
    expect(result.current.isAdmin).toBe(false);
  });

  it('signOut clears the user and every cached answer on success', async () => {
    shopQueryClient.setQueryData(queryKeys.myOrders, [{ _id: 'order of the previous shopper' }]);
    const adapterSignOut = vi.fn(async () => {});
    sessionStore.setState({
      status: 'signedIn',
      adapter: { getToken: async () => 't', signOut: adapterSignOut },
    });
    currentUserStore.getState().loadSuccess(shopper);
    await expect(signOut()).resolves.toBe(true);
    expect(currentUserStore.getState().user).toBeNull();
    expect(sessionStore.getState().status).toBe('signedOut');
    expect(shopQueryClient.getQueryData(queryKeys.myOrders)).toBeUndefined();
  });

  it('signOut failure keeps the user and records the error', async () => {
    sessionStore.setState({
      status: 'signedIn',
      adapter: {
        getToken: async () => 't',
        signOut: async () => {
          throw new Error('Failed to logout');
        },
      },
    });
    currentUserStore.getState().loadSuccess(shopper);
    await expect(signOut()).resolves.toBe(false);
    expect(currentUserStore.getState()).toMatchObject({ user: shopper, error: 'Failed to logout' });
    expect(sessionStore.getState().status).toBe('signedIn');
  });
});
