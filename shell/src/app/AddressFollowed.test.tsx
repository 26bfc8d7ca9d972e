import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressFollowed } from './AddressFollowed.tsx';

function ShownAddress() {
  const { pathname, search } = useLocation();
  return <p data-testid="shown">{`${pathname}${search}`}</p>;
}

/** Moves the address once while the tree renders: a Back pressed after the router read it, before it listens. */
function BackPressedWhileHydrating({ to }: { to: string }) {
  // A state's initializer runs in the first render only.
  useState(() => window.history.pushState({ usr: null, key: 'early', idx: 1 }, '', to));
  return null;
}

describe('AddressFollowed', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('takes the address that changed before the router listened', async () => {
    window.history.replaceState(null, '', '/products?category=Laptop');
    render(
      <BrowserRouter>
        <BackPressedWhileHydrating to="/products?page=2" />
        <AddressFollowed />
        <ShownAddress />
      </BrowserRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('/products?page=2'));
    expect(window.location.pathname + window.location.search).toBe('/products?page=2');
  });

  it('leaves an address the router already shows alone', async () => {
    window.history.replaceState({ usr: { from: 'cart' }, key: 'k', idx: 0 }, '', '/products');
    const length = window.history.length;
    render(
      <BrowserRouter>
        <AddressFollowed />
        <ShownAddress />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('shown')).toHaveTextContent('/products');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.history.state).toMatchObject({ usr: { from: 'cart' }, key: 'k' });
    expect(window.history.length).toBe(length);
  });
});
