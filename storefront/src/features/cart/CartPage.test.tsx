import { aProduct } from '@shop/shared-api/testing';
import { cartStore } from '@shop/shared-cart';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import CartPage from './CartPage.tsx';

const line = (seed: number, quantity: number, stock = 5) => {
  const product = aProduct(seed);
  return { product: product._id, name: product.name, price: product.price, image: '', stock, quantity };
};

describe('/cart', () => {
  beforeEach(() => {
    resetSession(shopper);
    cartStore.setState({ cartItems: [], recentlyViewed: [] });
  });

  it("says 'No Product in Your Cart' with View Products when empty", () => {
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByRole('heading', { name: 'No Product in Your Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });

  it('offers the products looked at lately when empty', () => {
    const looked = aProduct(4);
    cartStore.getState().rememberViewed({
      product: looked._id,
      name: looked.name,
      price: looked.price,
      image: '',
    });
    renderPage(<CartPage />, { path: '/cart' });
    const section = screen.getByRole('region', { name: 'Recently viewed' });
    expect(within(section).getByRole('link', { name: looked.name })).toHaveAttribute(
      'href',
      `/product/${looked._id}`,
    );
  });

  it('lists each line with its link, quantity bounds, remove, subtotal, free shipping and total', async () => {
    cartStore.setState({ cartItems: [line(3, 2, 2), line(12, 1)] }); // 2 × ₹300 + ₹1,200
    const { router } = renderPage(<CartPage />, { path: '/cart' });
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('link', { name: 'Product 3' })).toHaveAttribute(
      'href',
      `/product/${aProduct(3)._id}`,
    );
    expect(within(lines[0]!).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(within(lines[1]!).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,800.00');

    await userEvent.click(within(lines[1]!).getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹3,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 3 from the cart' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,400.00');

    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(router.state.location.pathname).toBe('/shipping');
  });

  it('shows a sold-out or deleted product’s line with a message, its quantity fixed, and lets it be removed', async () => {
    cartStore.setState({ cartItems: [line(3, 2, 0), line(12, 1)] });
    renderPage(<CartPage />, { path: '/cart' });
    const [soldOut, inStock] = screen.getAllByRole('listitem');
    expect(
      within(soldOut!).getByText(/Out of stock: it will be removed from your cart at checkout/),
    ).toBeVisible();
    expect(within(soldOut!).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(within(soldOut!).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(within(inStock!).queryByText(/Out of stock/)).not.toBeInTheDocument();
    await userEvent.click(within(soldOut!).getByRole('button', { name: 'Remove Product 3 from the cart' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
