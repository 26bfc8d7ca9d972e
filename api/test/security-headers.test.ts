import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { pngDataUrl } from './helpers/shop.ts';

// What the api answers with on every response: a CSP (strict for JSON and images, the docs' own for the
// reference page), no sniffing, no referrer, no framing, and HSTS over https (here behind a trusted proxy).
const t = useTestApp({ admin: true, config: { trustProxy: ['127.0.0.1'] } });

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const expectBaseHeaders = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
};

describe('api security headers', () => {
  it('JSON answers, errors and 404s carry the strict CSP and the base headers', async () => {
    for (const response of [
      await t.request('GET', '/health'),
      await t.request('GET', '/admin/reviews', { as: t.admin }),
      await t.request('GET', '/me'),
      await t.app.inject({ method: 'GET', url: '/nowhere' }),
    ]) {
      expectBaseHeaders(response.headers);
      expect(response.headers['content-security-policy']).toBe(API_CSP);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only when the browser came over https (the trusted proxy says so)', async () => {
    const https = await t.request('GET', '/health', {
      headers: { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.request('GET', '/health', {
      headers: { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('the reference page gets its own CSP: its scripts by address, never inline, and no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBaseHeaders(page.headers);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // Nothing on the page needs an inline script.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('uploaded images are served with the strict CSP, nosniff and a cross-origin resource policy', async () => {
    const created = await t.request('POST', '/admin/product/new', {
      as: t.admin,
      payload: { name: 'Lamp', price: 10, category: 'Laptop', stock: 1, images: [pngDataUrl()] },
    });
    const image = new URL(created.json().product.images[0].url);
    const response = await t.app.inject({ method: 'GET', url: image.pathname });
    expect(response.statusCode).toBe(200);
    expectBaseHeaders(response.headers);
    expect(response.headers['content-security-policy']).toBe(API_CSP);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
