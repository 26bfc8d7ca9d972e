import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SitemapPageResponse } from '@shop/shared-api/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from '../cache/page-cache.ts';
import { createThrottledLog } from '../http/throttled-log.ts';
import { createSearchEngineFiles } from './search-engine-files.ts';

const SHOP = 'https://shop.example';
const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done)))));

/** The two files served as the page server routes them, over a catalog the test can take down. */
async function searchEngineFiles(privatePaths: string[] = []) {
  const catalog = { up: true, asked: 0, ids: ['a1', 'b2'] };
  const lines: string[] = [];
  const cache = createPageCache({ maxEntries: 10, maxBytes: 1e6, freshMs: 60_000, staleMs: 60_000 });
  const files = createSearchEngineFiles({
    shopUrl: SHOP,
    async productIds(page): Promise<SitemapPageResponse> {
      catalog.asked++;
      if (!catalog.up) throw new Error('the api answered HTTP 502');
      const { ids } = catalog;
      const products = page === 1 ? ids : [];
      return { success: true, products, productsCount: ids.length, resultPerPage: 50_000 };
    },
    privatePaths: async () => privatePaths,
    cache,
    problem: createThrottledLog((line) => lines.push(line)),
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url!, SHOP);
    void (url.pathname === '/robots.txt' ? files.serveRobots(req, res) : files.serveSitemap(req, res, url));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { catalog, lines, cache, get: (path: string) => fetch(base + path) };
}

describe("the page server's files for search engines", () => {
  it('answers the sitemap from the catalog once, then from the cache until the catalog changes', async () => {
    const { catalog, cache, get } = await searchEngineFiles();
    const first = await get('/sitemap.xml');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(first.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/);
    expect(await first.text()).toContain(`<loc>${SHOP}/product/a1</loc>`);

    catalog.ids = ['a1', 'b2', 'c3'];
    expect(await (await get('/sitemap.xml')).text()).not.toContain('/product/c3');
    expect(catalog.asked).toBe(1);
    cache.clear();
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${SHOP}/product/c3</loc>`);
  });

  it('asks a crawler to come back (503, Retry-After) while the catalog cannot be read, and keeps no failure', async () => {
    const { catalog, lines, get } = await searchEngineFiles();
    catalog.up = false;
    const failed = await get('/sitemap.xml');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('30');
    expect(await failed.text()).toBe('The sitemap cannot be made right now.');
    expect(lines).toEqual(['/sitemap.xml answered 503: the api answered HTTP 502']);

    catalog.up = true;
    const back = await get('/sitemap.xml');
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('/product/a1');
  });

  it('answers 404 for a sitemap file that does not exist', async () => {
    const { get } = await searchEngineFiles();
    expect((await get('/sitemap-products-7.xml')).status).toBe(404);
    expect((await get('/sitemap-anything.xml')).status).toBe(404);
  });

  it("keeps crawlers out of the releases' private pages and names the sitemap", async () => {
    const { get } = await searchEngineFiles(['/account', 'order/:id', 'admin/*']);
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    expect(text).toContain('Disallow: /account\n');
    expect(text).toContain('Disallow: /order/\n');
    expect(text).toContain('Disallow: /admin/\n');
    expect(text).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
  });
});
