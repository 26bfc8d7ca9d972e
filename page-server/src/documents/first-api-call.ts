import { isObjectId, normalizeProductSearch, productSearchParams } from '@shop/shared-api';

/**
 * The api call a storefront address makes first, when the address alone says which: the plain catalog
 * (`/products`, no filters in the query) and a product page. The deploy step writes it into the served page
 * as a preload, so the catalog's answer travels while the JavaScript does instead of after it. The URL is
 * built by the same functions the storefront's query uses, so the browser hands the preloaded answer to
 * that query (e2e/first-api-call.spec.ts counts one request, not two).
 */
export function firstApiCall(apiBaseUrl: string, pathname: string, search: string): string | null {
  const base = apiBaseUrl.replace(/\/$/, '');
  if (pathname === '/products' && search === '') {
    return `${base}/products?${productSearchParams(normalizeProductSearch()).toString()}`;
  }
  const product = /^\/product\/([^/]+)$/.exec(pathname)?.[1];
  if (product && isObjectId(product)) return `${base}/product/${product}`;
  return null;
}
