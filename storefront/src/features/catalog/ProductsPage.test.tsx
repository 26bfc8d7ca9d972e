import { aProduct, aProductList, apiFailure, fakeApi } from '@shop/shared-api/testing';
import { renderPage, resetSession } from '@shop/shared-auth/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductsPage from './ProductsPage.tsx';

const eight = Array.from({ length: 8 }, (_, index) => aProduct(index + 1));
const routes = [{ path: '/products/:keyword', element: <ProductsPage /> }];
const render = (at = '/products') => renderPage(<ProductsPage />, { path: '/products', at, routes });

describe('/products', () => {
  beforeEach(() => resetSession());
  afterEach(() => vi.unstubAllGlobals());

  it('shows card-shaped placeholders while the list loads', () => {
    fakeApi({ 'GET /products': () => new Promise(() => {}) });
    render();
    expect(screen.getByLabelText('Loading products')).toHaveAttribute('aria-busy', 'true');
  });

  it("pages over the filtered count, not the catalog's", async () => {
    const calls = fakeApi({
      'GET /products': () => aProductList(eight, { productsCount: 28, filteredProductsCount: 9 }),
    });
    const { router } = render('/products?category=Camera&page=1');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(8);
    const pager = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page/ })).toHaveLength(2);
    expect(calls[0]!.query.get('category')).toBe('Camera');
    expect(calls[0]!.query.get('price[lte]')).toBe('25000');

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?category=Camera&page=2');
  });

  it('shows no pager when one page holds every match', async () => {
    fakeApi({ 'GET /products': () => aProductList(eight.slice(0, 3), { productsCount: 28 }) });
    render();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
  });

  it('a changed filter goes back to page 1', async () => {
    fakeApi({ 'GET /products': () => aProductList(eight, { filteredProductsCount: 30 }) });
    const { router } = render('/products/phone?page=3');
    await screen.findAllByTestId('product-card');
    await userEvent.click(screen.getByRole('button', { name: 'SmartPhones' }));
    expect(router.state.location.pathname).toBe('/products/phone');
    expect(router.state.location.search).toBe('?category=SmartPhones');
    await userEvent.click(screen.getByRole('button', { name: '3 stars and up' }));
    expect(router.state.location.search).toBe('?category=SmartPhones&ratings=3');
  });

  describe('Sort by', () => {
    const sortBy = () => screen.getByRole('combobox', { name: 'Sort by' });

    it('offers the four orders, newest (the spec’s) chosen, and asks the api for none', async () => {
      const calls = fakeApi({ 'GET /products': () => aProductList(eight) });
      render();
      await screen.findAllByTestId('product-card');
      expect(sortBy()).toHaveValue('newest');
      expect(
        within(sortBy())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Highest rated']);
      expect(calls[0]!.query.has('sort')).toBe(false);
    });

    it('a chosen order goes into the address from page 1, keeps the filters, and is asked for', async () => {
      const calls = fakeApi({
        'GET /products': () => aProductList(eight, { filteredProductsCount: 30 }),
      });
      const { router } = render('/products/phone?ratings=3&page=3');
      await screen.findAllByTestId('product-card');
      await userEvent.selectOptions(sortBy(), 'Price: high to low');
      expect(router.state.location.pathname).toBe('/products/phone');
      expect(router.state.location.search).toBe('?ratings=3&sort=price_desc');
      expect(sortBy()).toHaveValue('price_desc');
      await vi.waitFor(() => expect(calls.at(-1)!.query.get('sort')).toBe('price_desc'));
      expect(calls.at(-1)!.query.get('page')).toBe('1');
      expect(calls.at(-1)!.query.get('ratings[gte]')).toBe('3');

      // Pages and filters keep the order.
      const pager = await screen.findByRole('navigation', { name: 'Product pages' });
      await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
      expect(router.state.location.search).toBe('?ratings=3&sort=price_desc&page=2');
      await userEvent.click(await screen.findByRole('button', { name: 'Camera' }));
      expect(router.state.location.search).toBe('?category=Camera&ratings=3&sort=price_desc');

      // Back to the spec's order: the address is plain again.
      await userEvent.selectOptions(sortBy(), 'Newest');
      expect(router.state.location.search).toBe('?category=Camera&ratings=3');
    });

    it('reads the order from the address, and follows the address when it changes (Back)', async () => {
      const calls = fakeApi({ 'GET /products': () => aProductList(eight) });
      const { router } = render('/products?sort=rating');
      await screen.findAllByTestId('product-card');
      expect(sortBy()).toHaveValue('rating');
      expect(calls[0]!.query.get('sort')).toBe('rating');
      await userEvent.selectOptions(sortBy(), 'Price: low to high');
      expect(sortBy()).toHaveValue('price_asc');
      await act(() => router.navigate(-1));
      expect(router.state.location.search).toBe('?sort=rating');
      expect(sortBy()).toHaveValue('rating');
    });

    it('is a labelled native select in the tab order (the browser gives it its keys)', async () => {
      fakeApi({ 'GET /products': () => aProductList(eight) });
      render('/products?sort=price_asc');
      await screen.findAllByTestId('product-card');
      expect(screen.getByLabelText('Sort by')).toBe(sortBy());
      expect(sortBy().tagName).toBe('SELECT');
      expect(sortBy()).toBeEnabled();
      expect((sortBy() as HTMLSelectElement).tabIndex).toBe(0);
      // e2e/storefront-catalog.spec.ts chooses with the keyboard in a real browser.
    });

    it('stays offered when nothing matches', async () => {
      fakeApi({ 'GET /products': () => aProductList([]) });
      render('/products/zzz?sort=rating');
      expect(await screen.findByText('No products found')).toBeInTheDocument();
      expect(sortBy()).toHaveValue('rating');
    });
  });

  it('says when the address names a category the shop does not have, and lists every category', async () => {
    const calls = fakeApi({ 'GET /products': () => aProductList(eight, { productsCount: 28 }) });
    render('/products?category=Camerra');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent(
      'There is no category called “Camerra”: showing products of every category.',
    );
    expect(calls[0]!.query.has('category')).toBe(false);
  });

  it('says nothing of categories for a real one', async () => {
    fakeApi({ 'GET /products': () => aProductList(eight, { productsCount: 28 }) });
    render('/products?category=Camera');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(8);
    expect(screen.queryByText(/no category called/)).toBeNull();
  });

  it('says when nothing matches', async () => {
    fakeApi({ 'GET /products': () => aProductList([]) });
    render('/products/zzz');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Products matching “zzz”');
  });

  it("shows the server's error with Retry, which asks again", async () => {
    let fail = true;
    fakeApi({
      'GET /products': () => (fail ? apiFailure(503, 'The catalog is resting') : aProductList(eight)),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalog is resting');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(8);
  });

  describe('on a phone', () => {
    const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number }): void } };
    beforeEach(() => happyDOM.setViewport({ width: 390 }));
    afterEach(() => happyDOM.setViewport({ width: 1024 }));

    it('the filters come when Filters is pressed, not with the list', async () => {
      fakeApi({ 'GET /products': () => aProductList(eight) });
      render();
      await screen.findAllByTestId('product-card');
      // Folded away (on a phone their code is asked for only now: e2e/page-budget.spec.ts counts the scripts).
      expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
      expect(await screen.findByRole('group', { name: 'Categories' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    });
  });
});
