import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../client/api-client.ts';
import { ApiError } from '../errors.ts';
import { aProduct, aProductList } from '../testing/fixtures.ts';
import { startFromPageData } from './page-data.ts';
import { createServerQueryClient, pageDataOf } from './server-page-data.ts';
import { summarizeProductList } from './product-summary.ts';
import { productListQuery, productQuery } from './queries.ts';

// A server-rendered page carries its query cache to the browser: the browser's first render must find the
// same answers (and the same refusals) the server rendered, and ask the api for none of them again.

const api = 'http://api.test/api/v1';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const missing = 'a'.repeat(24);
const list = aProductList([aProduct(1), aProduct(2)]);
// What the list's query keeps of that answer: each product as its card.
const cards = summarizeProductList(list);
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>(async (request) =>
    request.url.includes(`/product/${missing}`)
      ? json(404, { success: false, message: 'Product not found' })
      : json(200, list),
  );
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: `${api}/` });
});
afterEach(() => vi.unstubAllGlobals());

describe('page data', () => {
  it('carries answers and api refusals to the browser, which asks for none of them again', async () => {
    const server = createServerQueryClient();
    await server.prefetchQuery(productListQuery({}));
    await server.prefetchQuery(productQuery(missing));
    const page = pageDataOf(server);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    startFromPageData(browser, page);
    expect(browser.getQueryData(productListQuery({}).queryKey)).toEqual(cards);
    const refusal = browser.getQueryState(productQuery(missing).queryKey)?.error;
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, message: 'Product not found' });

    // Fresh from the moment the page arrived, however long ago the server rendered it.
    await browser.fetchQuery(productListQuery({}));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("carries a list's cards, not the descriptions, reviews and further pictures they do not draw", async () => {
    const second = { url: '/uploads/products/p1-back.png' };
    fetchMock.mockResolvedValueOnce(
      json(200, aProductList([{ ...aProduct(1), images: [...aProduct(1).images, second] }, aProduct(2)])),
    );
    const server = createServerQueryClient();
    await server.prefetchQuery(productListQuery({}));
    const page = pageDataOf(server);
    for (const shown of [
      'Product 1',
      'Product 2',
      '/uploads/products/p1.png',
      '"numOfReviews":1',
      '"stock":10',
    ])
      expect(page).toContain(shown);
    for (const left of ['Description of product', aProduct(1).reviews[0]!.comment, second.url, '"reviews"'])
      expect(page).not.toContain(left);
    const browser = new QueryClient();
    startFromPageData(browser, page);
    expect(browser.getQueryData(productListQuery({}).queryKey)).toMatchObject({
      productsCount: 2,
      filteredProductsCount: 2,
      resultPerPage: 8,
      products: [
        { name: 'Product 1', price: 100, ratings: 4 },
        { name: 'Product 2', price: 200 },
      ],
    });
  });

  it('cannot close the data block it is written into', async () => {
    fetchMock.mockResolvedValueOnce(json(200, aProductList([{ ...aProduct(1), name: '</script><x>' }])));
    const server = createServerQueryClient();
    await server.prefetchQuery(productListQuery({}));
    const page = pageDataOf(server);
    expect(page).not.toContain('</script>');
    const browser = new QueryClient();
    startFromPageData(browser, page);
    expect(browser.getQueryData(productListQuery({}).queryKey)?.products[0]?.name).toBe('</script><x>');
  });
});
