import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SitemapPageResponse } from '@shop/shared-api/schemas';
import type { PageCache } from '../cache/page-cache.ts';
import { PUBLIC_PAGE_CACHE, ROBOTS_CACHE } from '../http/cache-control.ts';
import { preparedPage, sendNotFound, sendPage } from '../http/send-page.ts';
import type { ThrottledLog } from '../http/throttled-log.ts';
import { robotsTxt } from './robots.ts';
import { sitemapFile } from './sitemap.ts';

export interface SearchEngineFilesOptions {
  /** The shop's public origin: the sitemap's and robots.txt's addresses are absolute. */
  shopUrl: string;
  /** Page N of every product id (the api's `GET /catalog/sitemap`). */
  productIds(page: number): Promise<SitemapPageResponse>;
  /** The paths robots.txt keeps crawlers out of, as the releases that serve `req` declare them. */
  privatePaths(req: IncomingMessage): Promise<string[]>;
  /** The page cache: a sitemap file is kept as a page is, and dropped with them when the catalog changes. */
  cache: PageCache;
  problem: ThrottledLog;
}

/** What the page server answers search engines with: `/sitemap*.xml` and `/robots.txt` (issue 22). */
export function createSearchEngineFiles(options: SearchEngineFilesOptions) {
  const { cache } = options;

  async function serveSitemap(req: IncomingMessage, res: ServerResponse, url: URL) {
    const key = `sitemap ${url.pathname}`;
    const hit = cache.get(key);
    if (hit) return sendPage(req, res, hit.page, PUBLIC_PAGE_CACHE);
    const startedIn = cache.generation;
    try {
      const xml = await sitemapFile(url.pathname, options);
      if (xml === null) return sendNotFound(res);
      const page = preparedPage(200, xml, "default-src 'none'", 'application/xml; charset=utf-8');
      cache.set(key, page, startedIn);
      sendPage(req, res, page, PUBLIC_PAGE_CACHE);
    } catch (error) {
      // A crawler comes back after Retry-After; a 404 or an empty file would tell it the products are gone.
      options.problem(url, error, 'answered 503');
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '30' });
      res.end('The sitemap cannot be made right now.');
    }
  }

  async function serveRobots(req: IncomingMessage, res: ServerResponse) {
    const page = preparedPage(
      200,
      robotsTxt(options.shopUrl, await options.privatePaths(req)),
      "default-src 'none'",
      'text/plain; charset=utf-8',
    );
    sendPage(req, res, page, ROBOTS_CACHE);
  }

  return { serveSitemap, serveRobots };
}
