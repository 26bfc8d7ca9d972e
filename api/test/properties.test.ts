import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { addProduct, registerAdmin, type SignedIn } from './helpers/shop.ts';

// Whatever a client sends (query strings, bodies, ids), the answer is never a 500 and always JSON.
let t: TestApp;
let admin: SignedIn;
let routes: { method: string; path: string }[];
let productId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t.app);
  productId = (await addProduct(t.app)).id;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const expectHandled = (
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  context: unknown,
) => {
  if (response.statusCode >= 500) throw new Error(`500 for ${JSON.stringify(context)}: ${response.body}`);
  if (response.statusCode >= 400)
    expect(JSON.parse(response.body)).toMatchObject({ success: false, message: expect.any(String) });
};

const queryKey = fc.constantFrom(
  'keyword',
  'category',
  'page',
  'price[gte]',
  'price[lte]',
  'ratings[gte]',
  'price',
  'ratings',
  'price[gte][x]',
  'keyword[]',
  'page[]',
  '__proto__',
  'constructor[prototype]',
);
const queryValue = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', 'Laptop', 'All', '-1', '1e308', 'NaN', '%', '_', "'; drop table products; --"),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const idLike = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.stringMatching(/^[0-9A-Fa-f]{20,28}$/),
);

describe('no input yields a 500', () => {
  it('product list query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }), async (pairs) => {
        const query = pairs
          .map(
            ([key, value]) =>
              `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value)}`,
          )
          .join('&');
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
        expectHandled(response, query);
        expect([200, 400]).toContain(response.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it('raw query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (raw) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/products?${encodeURI(raw)}` });
        expectHandled(response, raw);
      }),
      { numRuns: 200 },
    );
  });

  it('JSON bodies on every route with a body, as an admin', async () => {
    // Logout with the admin's token would revoke the session the other cases use.
    const withBody = routes.filter(
      (route) => (route.method === 'POST' || route.method === 'PUT') && route.path !== '/api/v1/auth/logout',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBody), jsonValue, idLike, async (route, body, id) => {
        const url = route.path
          .replace('{id}', encodeURIComponent(id) || 'x')
          .replace('{token}', encodeURIComponent(id) || 'x');
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...admin.auth, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectHandled(response, { route, body, id });
      }),
      { numRuns: 400 },
    );
  });

  it('bodies shaped like the real ones, with wrong values', async () => {
    const anything = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    );
    const order = fc.record(
      {
        orderItems: fc.oneof(
          fc.array(fc.record({ product: fc.oneof(idLike, fc.constant(productId)), quantity: anything }), {
            maxLength: 3,
          }),
          anything,
        ),
        shippingInfo: fc.oneof(
          fc.record({
            address: anything,
            city: anything,
            state: anything,
            country: anything,
            pinCode: anything,
            phoneNo: anything,
          }),
          anything,
        ),
        paymentInfo: fc.oneof(fc.record({ id: anything, status: anything }), anything),
      },
      { requiredKeys: [] },
    );
    const review = fc.record(
      { rating: anything, comment: anything, productId: fc.oneof(idLike, fc.constant(productId)) },
      { requiredKeys: [] },
    );
    const product = fc.record(
      {
        name: anything,
        price: anything,
        description: anything,
        category: anything,
        stock: anything,
        images: anything,
      },
      { requiredKeys: [] },
    );
    const cases = fc.oneof(
      order.map((body) => ({ method: 'POST', url: '/api/v1/order/new', body })),
      review.map((body) => ({ method: 'PUT', url: '/api/v1/review', body })),
      product.map((body) => ({ method: 'POST', url: '/api/v1/admin/product/new', body })),
      product.map((body) => ({ method: 'PUT', url: `/api/v1/admin/product/${productId}`, body })),
      fc
        .record({ amount: anything })
        .map((body) => ({ method: 'POST', url: '/api/v1/payment/process', body })),
      fc
        .record({ client_secret: anything, card: anything, billing_details: anything })
        .map((body) => ({ method: 'POST', url: '/api/v1/payment/confirm', body })),
      fc
        .record({ email: anything, password: anything, name: anything })
        .map((body) => ({ method: 'POST', url: '/api/v1/auth/login', body })),
      fc
        .record({ status: anything })
        .map((body) => ({ method: 'PUT', url: `/api/v1/admin/order/${'a'.repeat(24)}`, body })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ method, url, body }) => {
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: admin.auth,
          payload: body as object,
        });
        expectHandled(response, { method, url, body });
      }),
      { numRuns: 400 },
    );
  });

  it('ids in paths and id queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        idLike,
        fc.constantFrom(
          '/api/v1/product/',
          '/api/v1/order/',
          '/api/v1/admin/user/',
          '/api/v1/admin/reviews?id=',
          '/api/v1/admin/reviews?productId=x&id=',
        ),
        async (id, prefix) => {
          const response = await t.app.inject({
            method: 'GET',
            url: `${prefix}${encodeURIComponent(id)}`,
            headers: admin.auth,
          });
          expectHandled(response, { id, prefix });
          expect([200, 400, 404]).toContain(response.statusCode);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ids on delete routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        idLike,
        idLike,
        fc.constantFrom(
          '/api/v1/admin/product/',
          '/api/v1/admin/order/',
          '/api/v1/admin/user/',
          '/api/v1/admin/reviews?id=',
        ),
        async (id, other, prefix) => {
          const suffix = prefix.endsWith('=') ? `&productId=${encodeURIComponent(other)}` : '';
          const url = `${prefix}${encodeURIComponent(id)}${suffix}`;
          const response = await t.app.inject({ method: 'DELETE', url, headers: admin.auth });
          expectHandled(response, { url });
          expect([200, 400, 404]).toContain(response.statusCode);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('raw bytes as JSON, form and multipart bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=xyz',
          'text/plain',
        ),
        fc.constantFrom('/api/v1/review', '/api/v1/me/update', `/api/v1/admin/product/${'b'.repeat(24)}`),
        async (bytes, type, url) => {
          const response = await t.app.inject({
            method: 'PUT',
            url,
            headers: { ...admin.auth, 'content-type': type },
            payload: Buffer.from(bytes),
          });
          expectHandled(response, { bytes: Buffer.from(bytes).toString('base64'), type, url });
        },
      ),
      { numRuns: 300 },
    );
  });
});
