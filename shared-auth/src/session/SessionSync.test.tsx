import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { act, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStores, shopper } from '../test/render.tsx';
import { currentUserStore } from '../user/current-user-store.ts';
import { sessionStore } from './session-store.ts';

const api = vi.hoisted(() => ({ getMe: vi.fn() }));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const { SessionSync, reloadCurrentUser } = await import('./SessionSync.tsx');

describe('session sync (docs/product.md, how things change)', () => {
  beforeEach(() => {
    resetStores();
    vi.resetAllMocks();
  });

  it('fetches the profile once when signed in without one', async () => {
    api.getMe.mockResolvedValue(shopper);
    render(
      <StrictMode>
        <SessionSync />
      </StrictMode>,
    );
    expect(api.getMe).not.toHaveBeenCalled();
    act(() => sessionStore.setState({ status: 'signedIn' }));
    await waitFor(() => expect(currentUserStore.getState().user).toEqual(shopper));
    expect(api.getMe).toHaveBeenCalledTimes(1);
  });

  it('a failed load (a 401 included) clears the user and is not retried in a loop', async () => {
    api.getMe.mockRejectedValue(new ApiError('Session expired. Please login again.', 401));
    render(<SessionSync />);
    act(() => sessionStore.setState({ status: 'signedIn' }));
    await waitFor(() => expect(currentUserStore.getState().status).toBe('failed'));
    expect(currentUserStore.getState()).toMatchObject({
      user: null,
      error: 'Session expired. Please login again.',
    });
    expect(api.getMe).toHaveBeenCalledTimes(1);
  });

  it('clears the user on sign-out', async () => {
    currentUserStore.getState().loadSuccess(shopper);
    sessionStore.setState({ status: 'signedIn' });
    render(<SessionSync />);
    act(() => sessionStore.setState({ status: 'signedOut' }));
    await waitFor(() => expect(currentUserStore.getState().user).toBeNull());
  });

  it('reloads the user with a fresh token after a profile update', async () => {
    const getToken = vi.fn(async () => 'fresh');
    sessionStore.setState({ status: 'signedIn', adapter: { getToken, signOut: async () => {} } });
    currentUserStore.getState().loadSuccess(shopper);
    api.getMe.mockResolvedValue({ ...shopper, name: 'Renamed' });
    await expect(reloadCurrentUser()).resolves.toBe(true);
    expect(getToken).toHaveBeenCalledWith({ fresh: true });
    expect(currentUserStore.getState().user?.name).toBe('Renamed');
  });
});
