import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';

// Issue 21, finding 7: absolute image urls come from configuration, never from a Host header the caller
// wrote (a shared cache that ignores Host would hand a forged one to every shopper).
const t = useTestApp();

const imageUrlsFor = async (host: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { host } });
  expect(response.statusCode).toBe(200);
  return (response.json().products as { images: { url: string }[] }[]).flatMap((product) =>
    product.images.map((image) => image.url),
  );
};

describe('image urls without PUBLIC_API_URL (a developer machine)', () => {
  it('never carry a Host header that is not loopback', async () => {
    await addProduct(t.app);
    const fallback = `http://localhost:${t.app.shop.config.port}/uploads/`;
    for (const host of [
      'evil.example"><x',
      'evil.example',
      'localhost.evil.example',
      'localhost:80@evil.example',
    ]) {
      const urls = await imageUrlsFor(host);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url, host).toMatch(new RegExp(`^${fallback.replace(/\./g, '\\.')}`));
    }
  });

  it('follow the loopback address the demo or a test reached the api at', async () => {
    for (const host of ['localhost:3100', '127.0.0.1:3000', '[::1]:3000']) {
      for (const url of await imageUrlsFor(host))
        expect(url).toMatch(new RegExp(`^http://${host.replace(/[.[\]]/g, '\\$&')}/uploads/`));
    }
  });
});

describe('image urls with PUBLIC_API_URL (production requires it)', () => {
  it('always start with it, whatever the Host', async () => {
    const behindCdn = await startTestApp({ config: { publicApiUrl: 'https://api.shop.example' } });
    try {
      await addProduct(behindCdn.app);
      const response = await behindCdn.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { host: 'evil.example' },
      });
      const urls = (response.json().products as { images: { url: string }[] }[]).flatMap((p) => p.images);
      expect(urls.every((image) => image.url.startsWith('https://api.shop.example/uploads/'))).toBe(true);
    } finally {
      await behindCdn.close();
    }
  });
});
