import { aProduct, aReview, apiFailure, fakeApi } from '@shop/shared-api/testing';
import { cartStore } from '@shop/shared-cart';
import { sessionStore } from '@shop/shared-auth';
import { renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOverlayEntry } from '../../hooks/overlays.ts';
import ProductPage from './ProductPage.tsx';
import type * as ImageGalleryModule from './ImageGallery.tsx';

// How often the gallery is drawn: the session's arrival must not draw the page's unchanging parts again.
const galleryRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ImageGallery.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof ImageGalleryModule>();
  return {
    ...original,
    ImageGallery: (props: Parameters<typeof original.ImageGallery>[0]) => {
      galleryRenders.count += 1;
      return <original.ImageGallery {...props} />;
    },
  };
});

const product = aProduct(7, {
  name: 'Instant Film Camera',
  stock: 2,
  images: [{ url: '/uploads/a.png' }, { url: '/uploads/b.png' }],
  // Written by another shopper than the one signed in (that shopper's own review opens for editing).
  reviews: [
    aReview(1, {
      name: 'Priya',
      comment: 'Lovely colours',
      user: { _id: 'c'.repeat(24), name: 'Priya', avatar: { url: '/profile.png' } },
    }),
  ],
  numOfReviews: 1,
});
const shopperUserRef = { _id: shopper._id, name: shopper.name, avatar: { url: '/profile.png' } };
const render = (id = product._id) =>
  renderPage(<ProductPage />, { path: '/product/:id', at: `/product/${id}` });

describe('/product/:id', () => {
  // The dialogs' overlays entry, loaded once here: a dialog then opens in the render its button causes.
  beforeAll(() => loadOverlayEntry());

  beforeEach(() => {
    resetSession(shopper);
    cartStore.setState({ cartItems: [], recentlyViewed: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the product for Recently viewed, and lists the others looked at, newest first', async () => {
    const earlier = aProduct(3, { name: 'Travel Mug', price: 499 });
    cartStore.getState().rememberViewed({
      product: earlier._id,
      name: earlier.name,
      price: earlier.price,
      image: '/uploads/mug.png',
    });
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    render();
    const section = await screen.findByRole('region', { name: 'Recently viewed' });
    // The product on screen is not offered again; the one looked at before is, with its price and link.
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'Travel Mug' })).toHaveAttribute(
      'href',
      `/product/${earlier._id}`,
    );
    expect(within(section).getByText('₹499.00')).toBeInTheDocument();
    // Remembered by an effect of the product's (deferred) render: it may follow the section by a tick.
    await waitFor(() =>
      expect(cartStore.getState().recentlyViewed.map(({ name }) => name)).toEqual([
        'Instant Film Camera',
        'Travel Mug',
      ]),
    );
  });

  it('shows a skeleton, then the product with its reviews', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    render();
    expect(screen.getByLabelText('Loading the product')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Instant Film Camera' })).toBeInTheDocument();
    expect(screen.getByText(`Product # ${product._id}`)).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByText('Lovely colours')).toBeInTheDocument();
    // The title is set by an effect of the answer's (deferred) render: it may follow the heading by a tick.
    await waitFor(() => expect(document.title).toBe('Instant Film Camera | Shop'));
  });

  it('switches the main image from the thumbnails', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    render();
    const thumbnails = await screen.findByRole('list', { name: 'Product images' });
    const second = within(thumbnails).getByRole('button', { name: 'Show image 2 of 2' });
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Instant Film Camera' })).toHaveAttribute('src', '/uploads/b.png');
  });

  it('adds the chosen quantity, never more than the stock', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    render();
    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.getState().cartItems).toEqual([
      {
        product: product._id,
        name: product.name,
        price: product.price,
        image: '/uploads/a.png',
        stock: 2,
        quantity: 2,
      },
    ]);
    expect(await screen.findByText('Item Added To Cart')).toBeInTheDocument();
  });

  it('asks a guest to log in instead, and OK goes to /login with the way back', async () => {
    resetSession();
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please login to access this resource');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/login?redirect=%2Fproduct%2F${product._id}`,
    );
    expect(cartStore.getState().cartItems).toEqual([]);
  });

  it('holds Add to Cart pressed while the session is restored, then adds for a shopper and asks a guest', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    for (const restoredAs of ['signedIn', 'signedOut'] as const) {
      cartStore.setState({ cartItems: [] });
      resetSession(restoredAs === 'signedIn' ? shopper : null);
      sessionStore.setState({ status: 'loading' });
      const { unmount } = render();
      await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(cartStore.getState().cartItems).toEqual([]);
      act(() => sessionStore.setState({ status: restoredAs }));
      if (restoredAs === 'signedIn') {
        await waitFor(() => expect(cartStore.getState().cartItems).toHaveLength(1));
        expect(screen.queryByRole('alertdialog')).toBeNull();
      } else {
        expect(await screen.findByRole('alertdialog')).toHaveTextContent(
          'Please login to access this resource',
        );
        expect(cartStore.getState().cartItems).toEqual([]);
      }
      unmount();
    }
  });

  it('draws the review button again when the session is restored, not the gallery', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => ({ success: true, product }) });
    resetSession(null);
    sessionStore.setState({ status: 'loading' });
    render();
    await screen.findByRole('heading', { name: 'Instant Film Camera' });
    const drawn = galleryRenders.count;
    await act(async () => sessionStore.setState({ status: 'signedOut' }));
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeInTheDocument();
    expect(galleryRenders.count).toBe(drawn);
  });

  it("opens the shopper's own review to change it, as Update review", async () => {
    const mine = aReview(3, { rating: 2, comment: 'Too small', user: { ...shopperUserRef } });
    const calls = fakeApi({
      [`GET /product/${product._id}`]: () => ({ success: true, product: { ...product, reviews: [mine] } }),
      'PUT /review': () => ({ success: true }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Update review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update review' });
    expect(within(dialog).getByLabelText(/^Comment/)).toHaveValue('Too small');
    await userEvent.clear(within(dialog).getByLabelText(/^Comment/));
    await userEvent.type(within(dialog).getByLabelText(/^Comment/), 'Fits after all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await screen.findByText('Review submitted successfully');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      rating: '2',
      comment: 'Fits after all',
      productId: product._id,
    });
  });

  it('cannot add a sold-out product', async () => {
    fakeApi({
      [`GET /product/${product._id}`]: () => ({ success: true, product: { ...product, stock: 0 } }),
    });
    render();
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('says not found for an unknown id, and asks nothing for a malformed one', async () => {
    const calls = fakeApi({ [`GET /product/${product._id}`]: () => apiFailure(404, 'Product not found') });
    const first = render();
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    first.unmount();
    render('not-an-id');
    expect(screen.getByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    expect(calls).toHaveLength(1);
  });

  it('shows any other failure with Retry and in an error toast', async () => {
    fakeApi({ [`GET /product/${product._id}`]: () => apiFailure(500) });
    render();
    expect(
      await screen.findByText('Failed to get product details', { selector: '[data-testid="toast"] *' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('submits a review and refreshes the product', async () => {
    let current = product;
    const calls = fakeApi({
      [`GET /product/${product._id}`]: () => ({ success: true, product: current }),
      'PUT /review': () => {
        current = {
          ...product,
          numOfReviews: 2,
          reviews: [...product.reviews, aReview(2, { comment: 'Five stars' })],
        };
        return { success: true };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Rating must be between 1 and 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Please write a comment')).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('radio')[4]!);
    await userEvent.type(within(dialog).getByLabelText(/^Comment/), 'Five stars');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review submitted successfully')).toBeInTheDocument();
    expect(await screen.findByText('Five stars')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      rating: '5',
      comment: 'Five stars',
      productId: product._id,
    });
  });
});
