import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, productListResponseSchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { login } from './helpers/shop.ts';
import { seedDatabase } from '../src/seed/seed.ts';

const t = useTestApp({ seed: true });

describe('demo seed', () => {
  it('has at least 24 products over all seven categories, 100 to 25,000 rupees, some out of stock, each with a served image', async () => {
    const admin = await login(t.app, 'admin@example.com', 'Admin12345');
    const { products } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/products', headers: admin.auth })
    ).json();
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(new Set(products.map((product: { category: string }) => product.category))).toEqual(
      new Set(PRODUCT_CATEGORIES),
    );
    const prices = products.map((product: { price: number }) => product.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...prices)).toBeLessThanOrEqual(25_000);
    expect(
      products.filter((product: { stock: number }) => product.stock === 0).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      products.filter((product: { numOfReviews: number }) => product.numOfReviews > 0).length,
    ).toBeGreaterThan(12);
    for (const product of products) {
      expect(product.images).toHaveLength(1);
      expect(product.description.length).toBeGreaterThan(20);
    }
    const image = await t.app.inject({ method: 'GET', url: new URL(products[0].images[0].url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('has both demo accounts with their roles', async () => {
    const admin = await login(t.app, 'admin@example.com', 'Admin12345');
    const shopper = await login(t.app, 'shopper@example.com', 'Shopper12345');
    const me = async (auth: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth })).json().user;
    expect(await me(admin.auth)).toMatchObject({ role: 'admin', name: 'Asha Admin' });
    expect(await me(shopper.auth)).toMatchObject({ role: 'user', name: 'Sam Shopper' });
  });

  it("has past orders in every status, some the shopper's", async () => {
    const admin = await login(t.app, 'admin@example.com', 'Admin12345');
    const { orders } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: admin.auth })
    ).json();
    expect(new Set(orders.map((order: { orderStatus: string }) => order.orderStatus))).toEqual(
      new Set(['Processing', 'Shipped', 'Delivered']),
    );
    const shopper = await login(t.app, 'shopper@example.com', 'Shopper12345');
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/v1/orders/me', headers: shopper.auth })
    ).json().orders;
    expect(mine.length).toBeGreaterThanOrEqual(3);
  });

  it('has a GST invoice for every past order, issued when it was paid, numbered in the order issued', async () => {
    const admin = await login(t.app, 'admin@example.com', 'Admin12345');
    const { orders } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders', headers: admin.auth })
    ).json() as { orders: { _id: string }[] };
    const invoices: { number: string; issuedAt: string; paidAt: string }[] = [];
    for (const { _id } of orders) {
      const { order } = (
        await t.app.inject({ method: 'GET', url: `/api/v1/order/${_id}`, headers: admin.auth })
      ).json();
      expect(order.invoice, `order ${_id}`).not.toBeNull();
      invoices.push({ ...order.invoice, paidAt: order.paidAt });
    }
    for (const invoice of invoices) expect(invoice.issuedAt).toBe(invoice.paidAt);
    // Numbered 1, 2, 3 … in the order they were issued, within each financial year (an order a month old
    // may fall in the year before).
    const byYear = new Map<string, number[]>();
    for (const { number } of invoices.toSorted((a, b) => a.issuedAt.localeCompare(b.issuedAt))) {
      const year = number.slice(0, number.lastIndexOf('/'));
      byYear.set(year, [...(byYear.get(year) ?? []), Number(number.slice(number.lastIndexOf('/') + 1))]);
    }
    for (const sequences of byYear.values())
      expect(sequences).toEqual(sequences.map((_, index) => 1 + index));
  });

  it('the default storefront query shows a full first page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?keyword=&page=1&price[gte]=0&price[lte]=25000&ratings[gte]=0',
    });
    const body = response.json();
    expect(body.products).toHaveLength(8);
    expect(body.productsCount).toBeGreaterThanOrEqual(24);
    expect(body.filteredProductsCount).toBe(body.productsCount);
    // Seeded products carry reviews: the whole answer must still pass the schema the browser parses with.
    expect(() => productListResponseSchema.parse(body)).not.toThrow();
  });

  it('seeding again changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json().productsCount;
    await seedDatabase(t.app.shop, t.app.log);
    t.app.shop.catalogCache.invalidate();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json().productsCount).toBe(
      before,
    );
  });
});
