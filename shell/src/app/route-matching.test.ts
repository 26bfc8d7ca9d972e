import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routeOwnerOf } from './route-owner.ts';

describe('route matching (patches/README.md)', () => {
  it('compiles a routes array once, however often it is matched', () => {
    // React Router warns each time it compiles a pattern ending in '*' without a '/' before it.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const compiled = () => warn.mock.calls.filter(([message]) => String(message).includes('"/deals*"'));
    const routes = [{ path: '/deals*' }];
    for (const pathname of ['/deals/today', '/deals', '/deals/week']) matchRoutes(routes, pathname);
    // Unpatched: once per match (3).
    expect(compiled()).toHaveLength(1);
    matchRoutes([{ path: '/deals*' }], '/deals');
    expect(compiled()).toHaveLength(2);
    warn.mockRestore();
  });

  it('still answers each address by its own route', () => {
    for (let round = 0; round < 2; round++) {
      expect(routeOwnerOf('/admin/products')).toBe('admin');
      expect(routeOwnerOf('/product/68b3001071f414f4bda58e95')).toBe('storefront');
      expect(routeOwnerOf('/login')).toBe('shell');
      expect(routeOwnerOf('/')).toBe('storefront');
    }
  });
});
