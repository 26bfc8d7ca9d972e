import { expect, test, type Page } from '@playwright/test';
import { productList, storefront } from './support/storefront.ts';

// The deploy step preloads the first api call of the plain catalog and of a product page
// (scripts/lib/first-api-call.ts). The preload only helps if the storefront's query takes its answer:
// then the browser sends one request, from the document, instead of a second one from the script. What the
// boot script draws from that answer: e2e/prerendered-pages.spec.ts.

function apiRequests(page: Page, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (path.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test('the plain catalog asks the api for its list once, from the page itself', async ({ page, request }) => {
  const { products } = await productList(request);
  const lists = apiRequests(page, /\/api\/v1\/products$/);
  await page.goto('/products');
  await expect(storefront(page).getByRole('link', { name: products[0]!.name }).first()).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="fetch"][href*="/api/v1/products?"]')).toHaveCount(1);
  expect(lists).toHaveLength(1);
});

test('a product page asks the api for its product once; a filtered list gets no preload', async ({
  page,
  request,
}) => {
  const { products } = await productList(request);
  const product = products[0]!;
  const details = apiRequests(page, new RegExp(`/api/v1/product/${product._id}$`));
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  expect(details).toHaveLength(1);

  await page.goto('/products?page=2');
  await expect(page.locator('link[rel="preload"][href*="/api/v1/"]')).toHaveCount(0);
});
