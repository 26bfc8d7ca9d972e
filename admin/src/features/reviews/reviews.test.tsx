import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hexId, product, review } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { reviewFigures } from './review-rules.ts';
import { ReviewsPage } from './ReviewsPage.tsx';

const api = vi.hoisted(() => ({ getProductReviews: vi.fn(), deleteReview: vi.fn(), getProduct: vi.fn() }));
vi.mock('../../../../shared-api/src/endpoints/catalog.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const productId = hexId(7, 'c');
beforeEach(() => {
  vi.resetAllMocks();
  api.getProduct.mockResolvedValue(product(7, { name: 'Trail Camera 4K' }));
});

const render = () => renderAdmin(<ReviewsPage />, { path: '/admin/reviews' });
const typeId = (value: string) =>
  fireEvent.change(screen.getByLabelText(/^Product ID/), { target: { value } });

describe('/admin/reviews', () => {
  it('asks for a product id first', () => {
    render();
    expect(screen.getByText('No Reviews Found')).toBeInTheDocument();
    expect(screen.getByText('Enter a product ID above to search for reviews')).toBeInTheDocument();
    expect(api.getProductReviews).not.toHaveBeenCalled();
  });

  it('searches by itself once the typed id is exactly 24 characters', async () => {
    api.getProductReviews.mockResolvedValue([review(1), review(4)]);
    render();
    typeId(productId.slice(0, 23));
    expect(api.getProductReviews).not.toHaveBeenCalled();
    typeId(productId);
    expect(await screen.findByRole('table', { name: 'Reviews of the product' })).toBeInTheDocument();
    expect(api.getProductReviews).toHaveBeenCalledWith(productId);
    expect(api.getProductReviews).toHaveBeenCalledTimes(1);
  });

  it('names the product on each row, not only by the id typed above', async () => {
    api.getProductReviews.mockResolvedValue([review(1), review(2)]);
    render();
    typeId(productId);
    const table = await screen.findByRole('table', { name: 'Reviews of the product' });
    expect(within(table).getAllByRole('cell', { name: 'Trail Camera 4K' })).toHaveLength(2);
    expect(within(table).getAllByRole('link', { name: 'Trail Camera 4K' })[0]).toHaveAttribute(
      'href',
      `/product/${productId}`,
    );
    expect(api.getProduct).toHaveBeenCalledWith(productId);
  });

  it('requires a product id to search', () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a product ID')).toBeInTheDocument();
  });

  it('shows total, average to one decimal and 5-star count, and filters by name, comment or id', async () => {
    api.getProductReviews.mockResolvedValue([
      review(1, { rating: 5, comment: 'Great camera' }),
      review(2, { rating: 4, comment: 'Fine' }),
      review(3, { rating: 4, name: 'Meera', comment: 'Okay' }),
    ]);
    render();
    typeId(productId);
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Total reviews').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Average rating').nextSibling).toHaveTextContent('4.3');
    expect(within(figures).getByText('5-star reviews').nextSibling).toHaveTextContent('1');
    const filter = screen.getByLabelText('Filter by name, comment or id');
    for (const [text, count] of [
      ['great', 1],
      ['meera', 1],
      [review(2)._id, 1],
      ['', 3],
    ] as const) {
      fireEvent.change(filter, { target: { value: text } });
      expect(
        within(screen.getByRole('table', { name: 'Reviews of the product' })).getAllByRole('row'),
      ).toHaveLength(count + 1);
    }
    expect(screen.getAllByRole('img', { name: /^Rated/ })[0]).toHaveAccessibleName('Rated 5.0 out of 5');
  });

  it('says No Reviews Found for a product without reviews', async () => {
    api.getProductReviews.mockResolvedValue([]);
    render();
    typeId(productId);
    expect(await screen.findByText('No one has reviewed this product yet.')).toBeInTheDocument();
    expect(screen.getByText('No Reviews Found')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown product", async () => {
    api.getProductReviews.mockRejectedValue(new ApiError('Product not found', 404));
    render();
    typeId(productId);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it('deletes a review after confirmation and refreshes', async () => {
    api.getProductReviews.mockResolvedValueOnce([review(1), review(2)]);
    api.getProductReviews.mockResolvedValue([review(2)]);
    api.deleteReview.mockResolvedValue({ success: true, message: 'Review Deleted Successfully' });
    render();
    typeId(productId);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the review by Reviewer 1' }));
    expect(await screen.findByText('Are you sure you want to delete this review?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Review Deleted Successfully')).toBeInTheDocument();
    expect(api.deleteReview).toHaveBeenCalledWith(review(1)._id, productId);
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Reviews of the product' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
  });

  it('computes the figures of an empty list as zeros', () => {
    expect(reviewFigures([])).toEqual({ total: 0, average: '0.0', fiveStars: 0 });
  });
});
