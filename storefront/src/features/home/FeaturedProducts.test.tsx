import { aProduct, aProductList, apiFailure, fakeApi } from '@shop/shared-api/testing';
import { renderPage, resetSession } from '@shop/shared-auth/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeaturedProducts } from './FeaturedProducts.tsx';

describe('Featured Products', () => {
  beforeEach(() => resetSession());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the default query with name, reviews and rupee price, and leads to /products', async () => {
    const calls = fakeApi({
      'GET /products': () =>
        aProductList([aProduct(1, { name: 'Pixel Mini', price: 15999, numOfReviews: 3 })]),
    });
    renderPage(<FeaturedProducts />);
    expect(await screen.findByRole('link', { name: 'Pixel Mini' })).toHaveAttribute(
      'href',
      `/product/${aProduct(1)._id}`,
    );
    expect(screen.getByText('₹15,999.00')).toBeInTheDocument();
    expect(screen.getByText('(3 Reviews)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({
      keyword: '',
      page: '1',
      'price[gte]': '0',
      'price[lte]': '25000',
      'ratings[gte]': '0',
    });
  });

  it('shows placeholders, then an error with Retry', async () => {
    fakeApi({ 'GET /products': () => apiFailure(500) });
    renderPage(<FeaturedProducts />);
    expect(screen.getByLabelText('Loading featured products')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get products');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
