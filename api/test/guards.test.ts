import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { register } from './helpers/shop.ts';

let t: TestApp;
let routes: { method: string; url: string; admin: boolean }[];
const sampleId = 'abcdef0123456789abcdef01';

beforeAll(async () => {
  t = await startTestApp();
  // Every route the OpenAPI document marks as needing a bearer token; admin routes live under /admin.
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => (operation.security ?? []).length > 0)
      .map(([method, _operation]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{id\}/g, sampleId).replace(/\{[^}]+\}/g, 'x'),
        admin: path.startsWith('/api/v1/admin/'),
      })),
  );
});
afterAll(() => t.close());

const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'GET',
    url: `${route.url}?id=${sampleId}&productId=${sampleId}`,
    headers,
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

describe('role and session guards', () => {
  it('finds the protected routes in the OpenAPI document', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/me',
        'POST /api/v1/order/new',
        'POST /api/v1/payment/process',
        'PUT /api/v1/review',
        `GET /api/v1/admin/products`,
        `DELETE /api/v1/admin/user/${sampleId}`,
        `PUT /api/v1/admin/order/${sampleId}`,
        'DELETE /api/v1/admin/reviews',
      ]),
    );
    expect(routes.filter((route) => route.admin).length).toBeGreaterThanOrEqual(13);
  });

  it('answers 401 to a guest on every signed-in and admin route', async () => {
    for (const route of routes) {
      const response = await call(route);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
      expect(response.json()).toEqual({ success: false, message: 'Please login to access this resource' });
    }
  });

  it('answers 403 to a signed-in non-admin on every admin route', async () => {
    const shopper = await register(t.app);
    for (const route of routes.filter((entry) => entry.admin)) {
      const response = await call(route, shopper.auth);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
      expect(response.json()).toEqual({
        success: false,
        message: 'Role: user is not allowed to access this resource',
      });
    }
  });

  it('answers 401 on every protected route once the user is deleted', async () => {
    const shopper = await register(t.app);
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.app.shop.db.delete(users).where(eq(users.id, shopper.userId));
    for (const route of routes) {
      const response = await call(route, shopper.auth);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Session expired. Please login again.');
    }
  });
});
