// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../client/api-client.ts';
import { deleteProduct, getAdminProducts } from './admin/products.ts';
import { deleteUser, updateUser } from './admin/users.ts';
import { getProducts, productSearchParams, submitReview } from './catalog.ts';
import { getAdminOrdersPage, getMyOrders, processPayment, updateOrderStatus } from './orders.ts';

interface Sent {
  method: string;
  url: string;
  auth: string | null;
  body: string;
  form?: FormData;
}
let sent: Sent[];
let answer: unknown;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const copy = request.clone();
      const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
      sent.push({
        method: request.method,
        url: request.url,
        auth: request.headers.get('Authorization'),
        body: isForm ? '' : await copy.text(),
        form: isForm ? await copy.formData() : undefined,
      });
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  configureApi({ baseUrl: 'http://api.test/api/v1', getToken: async () => 'tkn' });
});
afterEach(() => vi.unstubAllGlobals());

describe('catalog, admin and order endpoints (docs/product.md, the calls)', () => {
  it('GET /admin/orders with page, limit and q, leaving out an empty q', async () => {
    answer = {
      success: true,
      orders: [],
      totalAmount: 0,
      page: 1,
      resultPerPage: 10,
      ordersCount: 0,
      deliveredCount: 0,
      filteredOrdersCount: 0,
    };
    await getAdminOrdersPage({ page: 2, limit: 10, q: ' ab ' });
    await getAdminOrdersPage({ q: '' });
    expect(sent.map((request) => request.url)).toEqual([
      'http://api.test/api/v1/admin/orders?page=2&limit=10&q=ab',
      'http://api.test/api/v1/admin/orders?page=1',
    ]);
  });

  it('builds the product query with the spec defaults and bracket keys', () => {
    expect(productSearchParams().toString()).toBe(
      'keyword=&page=1&price%5Bgte%5D=0&price%5Blte%5D=25000&ratings%5Bgte%5D=0',
    );
    const params = productSearchParams({
      keyword: 'phone',
      page: 2,
      price: [100, 500],
      ratings: 4,
      category: 'Camera',
    });
    expect(Object.fromEntries(params)).toEqual({
      keyword: 'phone',
      page: '2',
      'price[gte]': '100',
      'price[lte]': '500',
      'ratings[gte]': '4',
      category: 'Camera',
    });
    expect(productSearchParams({ category: 'All' }).has('category')).toBe(false);
  });

  it('asks for an order only when it is not the spec’s (newest first)', () => {
    expect(productSearchParams({ sort: 'price_desc' }).get('sort')).toBe('price_desc');
    expect(productSearchParams({ sort: 'rating', page: 3 }).toString()).toBe(
      'keyword=&page=3&price%5Bgte%5D=0&price%5Blte%5D=25000&ratings%5Bgte%5D=0&sort=rating',
    );
    expect(productSearchParams({ sort: 'newest' }).toString()).toBe(productSearchParams().toString());
  });

  it('GET /products', async () => {
    answer = { success: true, products: [], productsCount: 0, resultPerPage: 8, filteredProductsCount: 0 };
    await expect(getProducts({ keyword: 'x' })).resolves.toMatchObject({ resultPerPage: 8 });
    expect(sent[0]).toMatchObject({ method: 'GET' });
    expect(sent[0]!.url).toMatch(/^http:\/\/api\.test\/api\/v1\/products\?keyword=x&page=1/);
  });

  it('PUT /review as form data', async () => {
    answer = { success: true };
    await submitReview({ rating: 4, comment: 'Good', productId: 'c'.repeat(24) });
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: 'http://api.test/api/v1/review',
      auth: 'Bearer tkn',
    });
    expect(Object.fromEntries(sent[0]!.form!)).toEqual({
      rating: '4',
      comment: 'Good',
      productId: 'c'.repeat(24),
    });
  });

  it('admin products and users', async () => {
    answer = { success: true, products: [] };
    await expect(getAdminProducts()).resolves.toEqual([]);
    answer = { success: true, message: 'Product Deleted Successfully' };
    await deleteProduct('d'.repeat(24));
    answer = { success: true };
    await updateUser('e'.repeat(24), { name: 'N', email: 'n@example.com', role: 'admin' });
    answer = { success: true, message: 'User deleted' };
    await expect(deleteUser('e'.repeat(24))).resolves.toEqual({ success: true, message: 'User deleted' });
    expect(
      sent.map((request) => `${request.method} ${request.url.replace('http://api.test/api/v1/', '')}`),
    ).toEqual([
      'GET admin/products',
      `DELETE admin/product/${'d'.repeat(24)}`,
      `PUT admin/user/${'e'.repeat(24)}`,
      `DELETE admin/user/${'e'.repeat(24)}`,
    ]);
    expect(JSON.parse(sent[2]!.body)).toEqual({ name: 'N', email: 'n@example.com', role: 'admin' });
  });

  it('orders and payment', async () => {
    answer = { success: true, orders: [] };
    await expect(getMyOrders()).resolves.toEqual([]);
    answer = { success: true };
    await updateOrderStatus('f'.repeat(24), 'Shipped');
    expect(sent[1]!.form!.get('status')).toBe('Shipped');
    answer = { success: true, client_secret: 'pi_1_secret' };
    await expect(processPayment(123456)).resolves.toBe('pi_1_secret');
    expect(JSON.parse(sent[2]!.body)).toEqual({ amount: 123456 });
  });

  it("falls back to the spec's text for each call", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(getMyOrders()).rejects.toMatchObject({ message: 'Failed to get orders' });
    await expect(getAdminProducts()).rejects.toMatchObject({ message: 'Failed to get admin products' });
    await expect(deleteUser('a'.repeat(24))).rejects.toMatchObject({ message: 'Failed to delete user' });
    await expect(updateOrderStatus('a'.repeat(24), 'Shipped')).rejects.toMatchObject({
      message: 'Failed to update order',
    });
  });
});
