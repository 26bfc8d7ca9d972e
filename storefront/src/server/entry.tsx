import {
  ApiError,
  DEFAULT_PRODUCT_SEARCH,
  isObjectId,
  productListQuery,
  productQuery,
} from '@shop/shared-api';
import {
  SERVER_ENTRY_CONTRACT,
  type PageRequest,
  type PreparedPage,
  type StorefrontServerEntry,
} from '@shop/shared-contract';
import type { QueryClient } from '@tanstack/react-query';
import StorefrontRoutes, { pageAt, signedInPaths } from '../app/StorefrontRoutes.tsx';
import { filtersFromAddress } from '../features/catalog/catalog-address.ts';
import { catalogHead, homeHead, productHead, productNotFoundHead, searchHead } from './page-head.ts';

// The storefront's server entry: its server build (vite.server.config.ts) is one module for Node, published
// with each release and named by its server-manifest.json. The shell's page server imports it from the
// live release and renders `default` inside the shell's frame, exactly as the browser renders the routes
// it loads through federation: one tree, the same components, so React hydrates it unchanged.

export default StorefrontRoutes;
export const contract = SERVER_ENTRY_CONTRACT;
export const privatePaths = signedInPaths;

/** A product the api says does not exist (or an id it refuses): the page is the storefront's not-found. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * What the page at `url` needs before it renders, fetched into the request's query cache, and how to answer
 * it. A failure of the api (anything but "no such product") is thrown: the page server then sends the
 * prerendered page and the browser asks again, rather than keeping a page that says "failed".
 */
export async function preparePage({ url, shopUrl, queryClient }: PageRequest): Promise<PreparedPage> {
  const cache = queryClient as QueryClient;
  const page = pageAt(url.pathname);
  if (!page) return { kind: 'not-found' };
  // The page's own code, so the render draws it rather than its loading bar.
  await page.preload();
  if (page.signedIn) return { kind: 'frame' };
  switch (page.path) {
    case '/': {
      await cache.fetchQuery(productListQuery(DEFAULT_PRODUCT_SEARCH));
      return { kind: 'content', status: 200, head: homeHead(shopUrl) };
    }
    case 'products':
    case 'products/:keyword': {
      const filters = filtersFromAddress(page.params.keyword, url.searchParams);
      const list = await cache.fetchQuery(productListQuery(filters));
      return { kind: 'content', status: 200, head: catalogHead(shopUrl, filters, list) };
    }
    case 'product/:id': {
      const id = page.params.id ?? '';
      if (!isObjectId(id))
        return { kind: 'content', status: 404, head: productNotFoundHead(shopUrl, url.pathname) };
      try {
        const product = await cache.fetchQuery(productQuery(id));
        return { kind: 'content', status: 200, head: productHead(shopUrl, product) };
      } catch (error) {
        if (!isMissing(error)) throw error;
        return { kind: 'content', status: 404, head: productNotFoundHead(shopUrl, url.pathname) };
      }
    }
    case 'search':
      return { kind: 'content', status: 200, head: searchHead(shopUrl) };
    default:
      return { kind: 'frame' };
  }
}

// The contract, checked at build time: this module is what the page server takes it for.
({ contract, default: StorefrontRoutes, preparePage, privatePaths }) satisfies StorefrontServerEntry;
