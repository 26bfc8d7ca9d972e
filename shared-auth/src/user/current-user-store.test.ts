import { beforeEach, describe, expect, it } from 'vitest';
import { resetStores, shopper } from '../test/render.tsx';
import { currentUserStore } from './current-user-store.ts';

const store = () => currentUserStore.getState();

describe('current user store (docs/product.md, how things change)', () => {
  beforeEach(resetStores);

  it('a load request clears the user and sets loading; success sets the user', () => {
    currentUserStore.setState({ user: shopper });
    store().loadRequest();
    expect(store()).toMatchObject({ user: null, loading: true, status: 'loading' });
    store().loadSuccess(shopper);
    expect(store()).toMatchObject({ user: shopper, loading: false, status: 'loaded', error: null });
  });

  it('a load failure clears the user and sets the error', () => {
    store().loadSuccess(shopper);
    store().loadFail('Failed to load user');
    expect(store()).toMatchObject({
      user: null,
      loading: false,
      status: 'failed',
      error: 'Failed to load user',
    });
  });

  it('logout success clears the user; logout failure keeps it and sets the error', () => {
    store().loadSuccess(shopper);
    store().logoutFail('Network down');
    expect(store()).toMatchObject({ user: shopper, error: 'Network down' });
    store().logoutSuccess();
    expect(store()).toMatchObject({ user: null, error: null, status: 'idle' });
  });

  it('an update sets isUpdated and reset clears it; clearErrors sets error to null', () => {
    store().loadSuccess(shopper);
    store().updateSuccess({ ...shopper, name: 'New name' });
    expect(store()).toMatchObject({ isUpdated: true, user: { name: 'New name' } });
    store().resetUpdate();
    expect(store().isUpdated).toBe(false);
    store().loadFail('x');
    store().clearErrors();
    expect(store().error).toBeNull();
  });
});
