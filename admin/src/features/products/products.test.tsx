import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, product, productsPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { onAPhone } from '../../testing/screen.ts';
import { EditProductPage, NewProductPage } from './ProductFormPage.tsx';
import { ProductsPage } from './ProductsPage.tsx';

const api = vi.hoisted(() => ({
  getAdminProductsPage: vi.fn(),
  getProduct: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  deleteProduct: vi.fn(),
}));
// The query options of shared-api call the endpoint modules directly: those are what is replaced.
vi.mock('../../../../shared-api/src/endpoints/admin/products.ts', () => ({
  getAdminProductsPage: api.getAdminProductsPage,
  createProduct: api.createProduct,
  updateProduct: api.updateProduct,
  deleteProduct: api.deleteProduct,
}));
vi.mock('../../../../shared-api/src/endpoints/catalog.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getProduct: api.getProduct,
}));

beforeEach(() => {
  vi.resetAllMocks();
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

const dashboard = { path: '/admin/dashboard', element: <p>dashboard page</p> };
const list = () => renderAdmin(<ProductsPage />, { path: '/admin/products', routes: [dashboard] });

describe('/admin/products', () => {
  it('shows a table-shaped skeleton while loading, then 13 rows per page from the api', async () => {
    const answer = deferred<unknown>();
    api.getAdminProductsPage.mockReturnValueOnce(answer.promise);
    list();
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    const all = Array.from({ length: 30 }, (_, i) => product(i + 1));
    await act(async () => answer.resolve(productsPage(all.slice(0, 13), { total: 30, outOfStock: 7 })));
    expect(api.getAdminProductsPage).toHaveBeenCalledWith({ page: 1, limit: 13, q: '' });
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product ID', 'Name', 'Stock', 'Price', 'Actions']);
    expect(within(table).getByText('₹100.00')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Products').nextSibling).toHaveTextContent('30');
    expect(within(figures).getByText('In stock').nextSibling).toHaveTextContent('23');
    expect(within(figures).getByText('Out of stock').nextSibling).toHaveTextContent('7');
    api.getAdminProductsPage.mockResolvedValue(productsPage(all.slice(26), { total: 30, page: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Product 30')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row')).toHaveLength(5);
    expect(api.getAdminProductsPage).toHaveBeenLastCalledWith({ page: 3, limit: 13, q: '' });
  });

  it('has no pagination for a single page', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1), product(2)]));
    list();
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
  });

  it('asks the api to search by name or id once the admin stops typing', async () => {
    api.getAdminProductsPage.mockResolvedValue(
      productsPage([product(1), product(2, { name: 'Trail shoe' })]),
    );
    list();
    const box = await screen.findByLabelText('Search products by name or id');
    api.getAdminProductsPage.mockResolvedValue(
      productsPage([product(2, { name: 'Trail shoe' })], { total: 2, matching: 1 }),
    );
    fireEvent.change(box, { target: { value: 'tra' } });
    fireEvent.change(box, { target: { value: 'trail' } });
    await vi.waitFor(() => expect(screen.queryByText('Product 1')).not.toBeInTheDocument());
    expect(screen.getByText('Trail shoe')).toBeInTheDocument();
    expect(screen.getByText('1 product matching “trail”')).toBeInTheDocument();
    expect(api.getAdminProductsPage).toHaveBeenLastCalledWith({ page: 1, limit: 13, q: 'trail' });
    expect(api.getAdminProductsPage).not.toHaveBeenCalledWith({ page: 1, limit: 13, q: 'tra' });
  });

  it('shows the products low on stock from the address, and changes the threshold with Stock', async () => {
    api.getAdminProductsPage.mockResolvedValue(
      productsPage([product(1, { stock: 2 })], { total: 30, matching: 1 }),
    );
    renderAdmin(<ProductsPage />, { path: '/admin/products', at: '/admin/products?stockBelow=5&page=2' });
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(api.getAdminProductsPage).toHaveBeenCalledWith({ page: 2, limit: 13, q: '', stockBelow: 5 });
    const stock = screen.getByLabelText('Stock');
    expect(stock).toHaveValue('5');
    api.getAdminProductsPage.mockResolvedValue(productsPage([], { total: 30, matching: 0 }));
    fireEvent.change(stock, { target: { value: '1' } });
    expect(await screen.findByText('No product has fewer than 1 in stock.')).toBeInTheDocument();
    expect(api.getAdminProductsPage).toHaveBeenLastCalledWith({ page: 1, limit: 13, q: '', stockBelow: 1 });
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1), product(2)], { total: 30 }));
    fireEvent.change(stock, { target: { value: '' } });
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    // (Page 2 is fetched ahead afterwards: the last call is not this one.)
    expect(api.getAdminProductsPage).toHaveBeenCalledWith({ page: 1, limit: 13, q: '' });
  });

  it('offers Add Product when there are none', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([]));
    list();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Add Product/ })[0]).toHaveAttribute(
      'href',
      '/admin/product/new',
    );
  });

  it("shows the spec's fallback in an alert with Retry", async () => {
    api.getAdminProductsPage.mockRejectedValueOnce(new ApiError('Failed to get admin products', 500));
    list();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get admin products');
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
  });

  it('deletes after confirmation, then toasts and goes to the dashboard', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)]));
    api.deleteProduct.mockResolvedValue({ success: true, message: 'Product Deleted Successfully' });
    const { router } = list();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Product 1' }));
    expect(await screen.findByText('Are you sure you want to delete this product?')).toBeInTheDocument();
    expect(api.deleteProduct).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(api.deleteProduct).toHaveBeenCalledWith(product(1)._id);
    expect(await screen.findByText('Product Deleted Successfully')).toBeInTheDocument();
  });

  it("shows a refused delete's message in an alert and stays", async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)]));
    api.deleteProduct.mockRejectedValue(new ApiError('Product not found', 404));
    const { router } = list();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Product 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(router.state.location.pathname).toBe('/admin/products');
  });
});

describe('/admin/products on a phone', () => {
  onAPhone();

  it('shows each product as a card with its id, name, stock, price, Edit and Delete', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1), product(2, { stock: 0 })]));
    list();
    const cards = within(await screen.findByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const values = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((label) => [label.textContent, label.nextElementSibling?.textContent]),
      );
    expect(values(cards[1]!)).toEqual({
      'Product ID': product(2)._id,
      Name: 'Product 2',
      Stock: '0',
      Price: '₹200.00',
    });
    expect(within(cards[1]!).getByRole('link', { name: 'Edit Product 2' })).toHaveAttribute(
      'href',
      `/admin/product/${product(2)._id}`,
    );
    expect(within(cards[1]!).getByRole('button', { name: 'Delete Product 2' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/admin/product/new', () => {
  const render = () => renderAdmin(<NewProductPage />, { path: '/admin/product/new', routes: [dashboard] });

  it('requires name, price and stock', () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Please enter product name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a price')).toBeInTheDocument();
    expect(screen.getByText('Please enter the stock')).toBeInTheDocument();
    expect(api.createProduct).not.toHaveBeenCalled();
  });

  it('accepts only image files', async () => {
    render();
    fireEvent.change(screen.getByLabelText(/^Images/), {
      target: { files: [new File(['%PDF'], 'specs.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await screen.findByText('Only image files are allowed (PNG, JPEG, GIF or WebP)'),
    ).toBeInTheDocument();
  });

  it('previews two images, uploads them with progress, then goes to the dashboard', async () => {
    let report!: (fraction: number) => void;
    const upload = deferred<unknown>();
    api.createProduct.mockImplementation(
      (_form: FormData, options: { onUploadProgress: (f: number) => void }) => {
        report = options.onUploadProgress;
        return upload.promise;
      },
    );
    const { router } = render();
    type(/^Name/, 'Trail shoe');
    type(/^Price/, '2499.5');
    type(/^Stock/, '7');
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: 'Footwear' } });
    fireEvent.change(screen.getByLabelText(/^Images/), { target: { files: [png('a.png'), png('b.png')] } });
    expect(screen.getByRole('img', { name: 'Preview of a.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of b.png' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(api.createProduct).toHaveBeenCalled());
    act(() => report(0.42));
    expect(screen.getByRole('button', { name: /Uploading 42%/ })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Uploading images' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    const form = api.createProduct.mock.calls[0]![0] as FormData;
    expect(form.get('name')).toBe('Trail shoe');
    expect(form.get('price')).toBe('2499.5');
    expect(form.get('stock')).toBe('7');
    expect(form.get('category')).toBe('Footwear');
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    await act(async () => upload.resolve({ success: true, product: product(9) }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('Product Created Successfully')).toBeInTheDocument();
  });

  it("shows the server's refusal above the form", async () => {
    api.createProduct.mockRejectedValue(new ApiError('Failed to create product', 500));
    render();
    type(/^Name/, 'X');
    type(/^Price/, '1');
    type(/^Stock/, '1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create product');
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });
});

describe('/admin/product/:id', () => {
  const id = product(3)._id;
  const render = () =>
    renderAdmin(<EditProductPage />, {
      path: '/admin/product/:id',
      at: `/admin/product/${id}`,
      routes: [{ path: '/admin/products', element: <p>products page</p> }],
    });

  it('fills the form with the product and shows its current images; updates, then the list', async () => {
    api.getProduct.mockResolvedValue(product(3, { images: [{ url: '/u/1.png' }, { url: '/u/2.png' }] }));
    api.updateProduct.mockResolvedValue(undefined);
    const { router } = render();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Product 3');
    expect(screen.getByRole('img', { name: 'Product 3, image 1' })).toHaveAttribute('src', '/u/1.png');
    expect(screen.getByRole('img', { name: 'Product 3, image 2' })).toBeInTheDocument();
    type(/^Stock/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    const form = api.updateProduct.mock.calls[0]![1] as FormData;
    expect(api.updateProduct.mock.calls[0]![0]).toBe(id);
    expect(form.get('stock')).toBe('12');
    expect(form.getAll('images')).toEqual([]);
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
  });

  it('shows a failed load in an alert', async () => {
    api.getProduct.mockRejectedValue(new ApiError('Product not found', 404));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});
