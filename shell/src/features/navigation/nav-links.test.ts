import { describe, expect, it } from 'vitest';
import { currentMainLinks } from './nav-links.ts';

describe('currentMainLinks', () => {
  it.each([
    ['/', ['/']],
    ['/products', ['/products']],
    ['/products/red%20shoes', ['/products']],
    ['/PRODUCTS/', ['/products']],
    ['/product/123', []],
    ['/about', ['/about']],
    ['/about-us', []],
    ['/search', ['/search']],
    ['/cart', []],
  ])('at %s marks %j', (pathname, current) => {
    expect(currentMainLinks(pathname)).toEqual(current);
  });
});
