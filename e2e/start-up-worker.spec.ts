import { expect, test } from '@playwright/test';
import { hydrated, productList } from './support/storefront.ts';

// The shell starts the browser's ICU (the rupee and date formats) on another thread as it boots, so the
// page's first price costs the main thread 0-8 ms instead of 75-280 on a phone (docs/performance.md, "ICU
// started off the main thread"). Its CSP must allow the worker (security-headers.spec.ts watches for
// violations on every page).

test('a product page prepares its formats in a worker, under its CSP', async ({ page, request }) => {
  const { products } = await productList(request);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`/product/${products[0]!._id}`);
  await hydrated(page);
  expect(workers.filter((url) => url.startsWith('blob:'))).toHaveLength(1);
  expect(problems).toEqual([]);
});
