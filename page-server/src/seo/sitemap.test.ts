import { SITEMAP_PAGE_SIZE } from '@shop/shared-api/schemas';
import { describe, expect, it } from 'vitest';
import { FIXED_PAGES, isSitemapPath, sitemapFile, type SitemapSource } from './sitemap.ts';

const idOf = (n: number) => n.toString(16).padStart(24, '0');
/** A catalog of `count` products, paged as the api pages it. */
const catalog = (count: number): SitemapSource & { asked: number[] } => {
  const asked: number[] = [];
  return {
    shopUrl: 'https://shop.example',
    asked,
    async productIds(page) {
      asked.push(page);
      const start = (page - 1) * SITEMAP_PAGE_SIZE;
      const ids = Array.from({ length: Math.max(0, Math.min(SITEMAP_PAGE_SIZE, count - start)) }, (_, i) =>
        idOf(start + i),
      );
      return { success: true, products: ids, productsCount: count, resultPerPage: SITEMAP_PAGE_SIZE };
    },
  };
};
const locations = (xml: string | null) =>
  [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('the sitemap', () => {
  it('lists the fixed pages and every product in one file while they fit', async () => {
    const xml = await sitemapFile('/sitemap.xml', catalog(3));
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(xml)).toEqual([
      ...FIXED_PAGES.map((path) => `https://shop.example${path}`),
      ...[0, 1, 2].map((n) => `https://shop.example/product/${idOf(n)}`),
    ]);
  });

  it('becomes an index of files of 50,000 addresses past that, each listing its share once', async () => {
    const source = catalog(SITEMAP_PAGE_SIZE + 10);
    const index = await sitemapFile('/sitemap.xml', source);
    expect(index).toContain('<sitemapindex');
    expect(locations(index)).toEqual([
      'https://shop.example/sitemap-pages.xml',
      'https://shop.example/sitemap-products-1.xml',
      'https://shop.example/sitemap-products-2.xml',
    ]);
    const first = locations(await sitemapFile('/sitemap-products-1.xml', source));
    const second = locations(await sitemapFile('/sitemap-products-2.xml', source));
    expect(first).toHaveLength(SITEMAP_PAGE_SIZE);
    expect(second).toHaveLength(10);
    expect(new Set([...first, ...second]).size).toBe(SITEMAP_PAGE_SIZE + 10);
    expect(locations(await sitemapFile('/sitemap-pages.xml', source))).toHaveLength(FIXED_PAGES.length);
  });

  it('has no file past the last page, nor at any other address', async () => {
    const source = catalog(5);
    expect(await sitemapFile('/sitemap-products-2.xml', source)).toBeNull();
    expect(await sitemapFile('/sitemap-products-0.xml', source)).toBeNull();
    expect(await sitemapFile('/sitemap-other.xml', source)).toBeNull();
    expect(isSitemapPath('/sitemap.xml')).toBe(true);
    expect(isSitemapPath('/products/sitemap.xml')).toBe(false);
  });
});
