import { QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { summarizeProductList } from '../query/product-summary.ts';
import { productListQuery, productQuery } from '../query/queries.ts';
import { aProduct, aProductList } from '../testing/fixtures.ts';
import { configureApi } from './api-client.ts';
import { firstCallArrival } from './first-call.ts';

// The boot script (shell/index.html) has asked for the landing page's first answer; once it has arrived,
// that page's query starts with it, so the page's first render draws the answer, not a skeleton.

const api = 'http://api.test/api/v1';
const catalogUrl = `${api}/products?keyword=&page=1&price%5Bgte%5D=0&price%5Blte%5D=25000&ratings%5Bgte%5D=0`;
const list = aProductList([aProduct(1), aProduct(2)]);
// What the list's query keeps of that answer: each product as its card.
const cards = summarizeProductList(list);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>(async () => json(200, list));
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: `${api}/` });
});

afterEach(() => {
  delete window.__shopFirstCall;
  vi.unstubAllGlobals();
});

function bootAsked(url: string, status: number, body: unknown) {
  window.__shopFirstCall = {
    url,
    response: Promise.resolve(json(status, body)),
    body: Promise.resolve(status < 400 ? body : null),
  };
}

/** What a page's first render reads from a fresh cache for `options`. */
function firstRender<Data, Key extends QueryKey>(options: UseQueryOptions<Data, Error, Data, Key>) {
  const client = new QueryClient();
  return client.getQueryCache().build(client, options).state;
}

describe("a landing page's query and the boot script's first call", () => {
  it('starts with the arrived answer of the same address, once, without asking the api', async () => {
    bootAsked(catalogUrl, 200, list);
    await firstCallArrival();
    expect(firstRender(productListQuery({ page: 2 }))).toMatchObject({ status: 'pending' });
    expect(firstRender(productListQuery({}))).toMatchObject({ status: 'success', data: cards });
    // Spent: a later query of that address asks the api.
    expect(firstRender(productListQuery({}))).toMatchObject({ status: 'pending' });
    expect(window.__shopFirstCall).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives a product page the answer's product", async () => {
    const product = aProduct(7);
    bootAsked(`${api}/product/${product._id}`, 200, { success: true, product });
    await firstCallArrival();
    expect(firstRender(productQuery(product._id))).toMatchObject({ status: 'success', data: product });
  });

  it('starts without it before it has arrived; the request then takes the answer when it comes', async () => {
    bootAsked(catalogUrl, 200, list);
    expect(firstRender(productListQuery({}))).toMatchObject({ status: 'pending' });
    const client = new QueryClient();
    await expect(client.fetchQuery(productListQuery({}))).resolves.toEqual(cards);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts without a failed answer, and the page asks the api itself', async () => {
    bootAsked(catalogUrl, 503, { success: false, message: 'Busy' });
    await firstCallArrival();
    expect(firstRender(productListQuery({}))).toMatchObject({ status: 'pending' });
    await expect(new QueryClient().fetchQuery(productListQuery({}))).resolves.toEqual(cards);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
