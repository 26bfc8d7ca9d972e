import { describe, expect, it } from 'vitest';
import { pageAt, signedInPaths } from './StorefrontRoutes.tsx';

describe('the storefront page at an address (what the page server renders)', () => {
  it('finds the page and its parameters', () => {
    expect(pageAt('/')).toMatchObject({ path: '/', params: {}, signedIn: false });
    expect(pageAt('/product/68b3001071f414f4bda58e95')).toMatchObject({
      path: 'product/:id',
      params: { id: '68b3001071f414f4bda58e95' },
      signedIn: false,
    });
    expect(pageAt('/products/red%20shoes')).toMatchObject({ path: 'products/:keyword', signedIn: false });
  });

  it('knows the pages behind sign-in, and no page at an address of none', () => {
    expect(pageAt('/orders/me')).toMatchObject({ path: 'orders/me', signedIn: true });
    expect(pageAt('/cart')).toMatchObject({ path: 'cart', signedIn: true });
    expect(signedInPaths).toEqual(expect.arrayContaining(['cart', 'orders/me', 'order/:id']));
    expect(signedInPaths).not.toContain('product/:id');
    expect(pageAt('/no-such-page')).toBeNull();
    expect(pageAt('/product')).toBeNull();
  });

  it('fetches a page’s chunk without failing the render when it cannot', async () => {
    await expect(pageAt('/product/68b3001071f414f4bda58e95')!.preload()).resolves.toBeUndefined();
    await expect(pageAt('/')!.preload()).resolves.toBeUndefined();
  });
});
