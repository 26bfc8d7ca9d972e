import { get } from 'node:http';
import { expect, test } from '@playwright/test';
import { metricSamples as samples, sumOfSamples as sum } from '../api/bench/prometheus-text.ts';
import { startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, metricsPort] = e2ePorts.spare;

/** An address asked on a connection of its own, as separate shoppers would: each may reach another worker. */
function askOnItsOwn(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    }).on('error', reject);
  });
}

test("the page server's metrics add up every worker's pages, on their own port only", async ({ request }) => {
  const shell = await startOwnShell(shellPort!, e2ePorts.storefront, {
    PAGE_SERVER_WORKERS: '2',
    PAGE_SERVER_METRICS_PORT: String(metricsPort),
  });
  try {
    const list = (await (
      await request.get(`http://localhost:${e2ePorts.api}/api/v1/products?page=1`)
    ).json()) as { products: { _id: string }[] };
    const products = list.products.slice(0, 3).map((product) => `/product/${product._id}`);
    const asked = [...products, ...products, '/no-such-page'];
    const statuses = [];
    for (const path of asked) statuses.push(await askOnItsOwn(`${shell.url}${path}`));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 404]);

    const answer = await request.get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/plain');
    const text = await answer.text();
    const bySource = samples(text, 'shop_page_answer_duration_seconds_count');
    // Both workers' pages, summed by the primary: every page asked, once.
    expect(sum(bySource), text).toBe(asked.length);
    const misses = bySource.get('{source="miss"}') ?? 0;
    // Three products and the unknown address rendered at least once each; a product asked again is a hit
    // in the worker that rendered it, and a render in the other.
    expect(misses).toBeGreaterThanOrEqual(4);
    expect(misses + (bySource.get('{source="hit"}') ?? 0)).toBe(asked.length);
    expect(samples(text, 'shop_page_render_step_duration_seconds_count').get('{step="data"}')).toBe(misses);
    // The products' pages are kept (each worker its own); the 404 is not.
    const kept = samples(text, 'shop_page_cache_pages').get('') ?? 0;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThanOrEqual(6);
    expect(samples(text, 'process_cpu_seconds_total').get('')).toBeGreaterThan(0);

    // Not on the shop's port, which the public and a CDN reach: there it is an unknown page.
    const onShopPort = await request.get(`${shell.url}/metrics`);
    expect(onShopPort.status()).toBe(404);
    expect(await onShopPort.text()).not.toContain('shop_page_answer_duration_seconds');
  } finally {
    await shell.close();
  }
});
