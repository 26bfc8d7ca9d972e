import { fakeApi } from '@shop/shared-api/testing';
import { resetSession, shopper } from '@shop/shared-auth/testing';
import { cartStore } from '@shop/shared-cart';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartFollowsAccount } from './CartFollowsAccount.tsx';

const line = {
  product: 'c'.repeat(24),
  name: 'Trail Shoes',
  price: 2500,
  image: '',
  stock: 5,
  quantity: 2,
};
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('the cart and the account signed in', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.setState({ cartItems: [] });
  });

  function savedCartApi() {
    return fakeApi({
      'GET /cart': () => ({ success: true, cart: { lines: [line], version: 3, updatedAt: null } }),
      'PUT /cart': () => {
        throw new Error('nothing should be saved');
      },
    });
  }

  it("never asks the api for a guest's cart", async () => {
    const calls = savedCartApi();
    resetSession(null);
    render(<CartFollowsAccount />);
    await pause(100);
    expect(calls).toEqual([]);
  });

  it('brings the saved cart in at sign-in, and on sign-out empties the browser’s cart without saving that', async () => {
    const calls = savedCartApi();
    resetSession(shopper);
    render(<CartFollowsAccount />);
    await vi.waitFor(() => expect(cartStore.getState().cartItems).toEqual([line]));
    act(() => resetSession(null));
    expect(cartStore.getState().cartItems).toEqual([]);
    await pause(400);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /cart']);
  });
});
