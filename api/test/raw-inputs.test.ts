import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from './helpers/test-app.ts';

// Byte-level input the schema-driven fuzz (fuzz.test.ts) does not write: odd query keys, raw query
// strings and raw bytes under every body type. Never a 500, always JSON.
const t = useTestApp({ admin: true });

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
            headers: { ...t.admin.auth, 'content-type': type },
            payload: Buffer.from(bytes),
          });
          expectHandled(response, { bytes: Buffer.from(bytes).toString('base64'), type, url });
        },
      ),
      { numRuns: 300 },
    );
  });
});
