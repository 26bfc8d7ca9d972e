import {
  SITEMAP_PAGE_SIZE,
  sitemapPageResponseSchema,
  type SitemapPageResponse,
} from '@shop/shared-api/schemas';

/** The shop's pages that are not a product's: the home page, the catalog and the shell's static pages. */
export const FIXED_PAGES = ['/', '/products', '/about', '/contact'] as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const urlset = (addresses: string[]) =>
  `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${addresses
    .map((address) => `<url><loc>${escapeXml(address)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/** One page of product ids from the api (`GET /catalog/sitemap`). */
export async function productIdsPage(
  apiUrl: string,
  page: number,
  timeoutMs: number,
): Promise<SitemapPageResponse> {
  const response = await fetch(`${apiUrl.replace(/\/$/, '')}/catalog/sitemap?page=${page}`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the api's sitemap answered HTTP ${response.status}`);
  return sitemapPageResponseSchema.parse(await response.json());
}

export interface SitemapSource {
  shopUrl: string;
  /** Page N of every product id. */
  productIds(page: number): Promise<SitemapPageResponse>;
}

/**
 * The sitemap file at `pathname`, or null when there is none there. Up to one file's worth of addresses
 * (50,000, the protocol's limit), `/sitemap.xml` lists them all; beyond, it is a sitemap index of
 * `/sitemap-pages.xml` (the fixed pages) and `/sitemap-products-N.xml` (50,000 products each).
 */
export async function sitemapFile(pathname: string, source: SitemapSource): Promise<string | null> {
  const shop = source.shopUrl.replace(/\/$/, '');
  const fixed = FIXED_PAGES.map((path) => `${shop}${path}`);
  const productAddress = (id: string) => `${shop}/product/${id}`;
  if (pathname === '/sitemap.xml') {
    const first = await source.productIds(1);
    if (fixed.length + first.productsCount <= SITEMAP_PAGE_SIZE)
      return urlset([...fixed, ...first.products.map(productAddress)]);
    const files = Math.ceil(first.productsCount / first.resultPerPage);
    const entries = [
      `${shop}/sitemap-pages.xml`,
      ...Array.from({ length: files }, (_, index) => `${shop}/sitemap-products-${index + 1}.xml`),
    ];
    return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries
      .map((address) => `<sitemap><loc>${escapeXml(address)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }
  if (pathname === '/sitemap-pages.xml') return urlset(fixed);
  const page = /^\/sitemap-products-([1-9]\d{0,4})\.xml$/.exec(pathname)?.[1];
  if (!page) return null;
  const ids = await source.productIds(Number(page));
  return ids.products.length ? urlset(ids.products.map(productAddress)) : null;
}

export const isSitemapPath = (pathname: string) => /^\/sitemap(?:-[\w-]+)?\.xml$/.test(pathname);
