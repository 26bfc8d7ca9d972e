import { describe, expect, it } from 'vitest';
import { routePattern, sourceOf } from './report.ts';

const remotes = {
  storefront: 'https://cdn.shop.example/storefront/mf-manifest.json',
  admin: 'https://shop.example/remotes/admin/mf-manifest.json',
};

describe('what a report says about the page and an error', () => {
  it('sends route patterns: no id, search word, token, query or hash', () => {
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/product/66a1f0c2e4b0a1b2c3d4e5f6')).toBe('/product/:param');
    expect(routePattern('/products/asha sharma')).toBe('/products/:param');
    expect(routePattern('/password/reset/abcdefabcdef')).toBe('/password/reset/:param');
    expect(routePattern('/admin/order/66a1f0c2e4b0a1b2c3d4e5f6')).toBe('/admin/order/:param');
    expect(routePattern('/orders/me')).toBe('/orders/me');
  });

  it('names the remote and release an error came from, by its stack', () => {
    expect(
      sourceOf(
        'TypeError: x is undefined\n    at render (https://cdn.shop.example/storefront/assets/ProductPage-Bq2x9.js:1:2345)',
        remotes,
        'https://shop.example',
      ),
    ).toEqual({ source: 'storefront', release: 'ProductPage-Bq2x9' });
    expect(
      sourceOf(
        'at f (https://shop.example/remotes/admin/remoteEntry-3f9a1c2b.js:3:1)',
        remotes,
        'https://shop.example',
      ),
    ).toEqual({ source: 'admin', release: 'remoteEntry-3f9a1c2b' });
    expect(
      sourceOf('at g (https://shop.example/assets/index-C1d2.js:9:9)', remotes, 'https://shop.example'),
    ).toEqual({
      source: 'shell',
      release: 'index-C1d2',
    });
    // A released remote (release-tool/): told by the folder of its live.json, named by its release id.
    expect(
      sourceOf(
        'at r (https://cdn.shop.example/storefront/releases/0.1.0-f15bd15-acc744c9/assets/Cart-x1.js:2:1)',
        { storefront: 'https://cdn.shop.example/storefront/live.json' },
        'https://shop.example',
      ),
    ).toEqual({ source: 'storefront', release: '0.1.0-f15bd15-acc744c9' });
    expect(sourceOf('at h (https://ads.example/x.js:1:1)', remotes, 'https://shop.example')).toEqual({
      source: 'unknown',
      release: '',
    });
  });
});
