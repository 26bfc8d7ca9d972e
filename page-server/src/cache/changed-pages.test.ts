import { describe, expect, it } from 'vitest';
import { pagesTouchedBy } from './changed-pages.ts';

const A = '64b7f0c2a1e4d3b2c1a09f8e';
const B = '64b7f0c2a1e4d3b2c1a09f8f';
const keyOf = (address: string) => `bucket-0 storefront@0.1.0-abc1234 ${address}`;

describe('the pages a catalog change touches', () => {
  it("is the changed products' own pages, with or without a query, and no other product's", () => {
    const touched = pagesTouchedBy([A]);
    expect(touched(keyOf(`/product/${A}`))).toBe(true);
    expect(touched(keyOf(`/product/${A}?utm_source=chat`))).toBe(true);
    expect(touched(keyOf(`/product/${B}`))).toBe(false);
    expect(touched(keyOf(`/product/${B}?ref=${A}`))).toBe(false);
  });

  it('is every page that lists products, whichever changed', () => {
    const touched = pagesTouchedBy([A]);
    for (const address of ['/', '/products', '/products?category=Laptop&page=2', '/products/laptop'])
      expect(touched(keyOf(address)), address).toBe(true);
    expect(touched('sitemap /sitemap.xml')).toBe(true);
    expect(pagesTouchedBy([])(keyOf('/products'))).toBe(true);
  });
});
