import { expect, test } from '@playwright/test';
import { demoAdmin } from './support/shell-session.ts';
import { api, apiToken, productList, rupees, type ListedProduct } from './support/storefront.ts';

// What crawlers, link previews and a CDN read of the server-rendered pages: the head and JSON-LD, the
// sitemap and robots.txt, 404s, and the cache headers a CDN obeys.

test.describe('what search engines and link previews read', () => {
  test('a product page’s head and JSON-LD agree with the api', async ({ request }) => {
    const { products } = await productList(request);
    const product = products.find((candidate) => candidate.numOfReviews > 0)!;
    const html = await (await request.get(`/product/${product._id}`)).text();
    const address = `${new URL(html.match(/<link rel="canonical" href="([^"]+)"/)![1]!).origin}/product/${product._id}`;
    expect(html).toContain(`<link rel="canonical" href="${address}" />`);
    expect(html).toContain(`<meta property="og:image" content="${product.images[0]!.url}" />`);
    expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
    const documents = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const described = documents.find((document) => document['@type'] === 'Product');
    expect(described).toMatchObject({
      name: product.name,
      sku: product._id,
      url: address,
      image: product.images.map((image) => image.url),
      offers: {
        priceCurrency: 'INR',
        price: product.price.toFixed(2),
        availability: `https://schema.org/${product.stock > 0 ? 'InStock' : 'OutOfStock'}`,
      },
      aggregateRating: { ratingValue: Number(product.ratings.toFixed(1)), reviewCount: product.numOfReviews },
    });
    expect(documents.find((document) => document['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  test('the sitemap lists every product; robots.txt names it and keeps private pages out', async ({
    request,
  }) => {
    const token = await apiToken(request, demoAdmin);
    const everyProduct = (await (
      await request.get(`${api}/admin/products`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { products: { _id: string }[] };
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const listed = [...(await sitemap.text()).matchAll(/<loc>[^<]*\/product\/([0-9a-f]{24})<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(listed.sort()).toEqual(everyProduct.products.map((product) => product._id).sort());

    const robots = await (await request.get('/robots.txt')).text();
    for (const kept of [
      '/admin',
      '/account',
      '/cart',
      '/shipping',
      '/order/',
      '/orders/me',
      '/process/payment',
    ])
      expect(robots).toContain(`Disallow: ${kept}\n`);
    expect(robots).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
    expect(robots).not.toMatch(/Disallow: \/products?\b/);
  });

  test('an unknown product and an unknown address answer 404 with their not-found pages', async ({
    request,
  }) => {
    const product = await request.get('/product/000000000000000000000000');
    expect(product.status()).toBe(404);
    expect(await product.text()).toContain('Product not found');
    const nowhere = await request.get('/no/such/page');
    expect(nowhere.status()).toBe(404);
    expect(await nowhere.text()).toContain('Page Not Found');
  });
});

test('a rendered page is cached for a CDN, and a price change reaches its pages alone without a restart', async ({
  request,
}) => {
  test.setTimeout(60_000);
  const { products } = await productList(request);
  const product = products[products.length - 1]!;
  const token = await apiToken(request, demoAdmin);
  const first = await request.get(`/product/${product._id}`);
  expect(first.headers()['cache-control']).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
  expect(await first.text()).toContain(rupees(product.price));

  const detail = (await (await request.get(`${api}/product/${product._id}`)).json()) as {
    product: ListedProduct & { description: string };
  };
  const edit = (price: number) =>
    request.put(`${api}/admin/product/${product._id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: product.name,
        price,
        description: detail.product.description,
        category: product.category,
        stock: product.stock,
      },
    });
  // Another product's page, from the cache from its second request on (a cached page says its Age).
  const other = `/product/${products[products.length - 2]!._id}`;
  for (const address of [other, '/products']) {
    await request.get(address);
    expect((await request.get(address)).headers()['age'], address).toMatch(/^\d+$/);
  }

  const newPrice = product.price + 11;
  expect((await edit(newPrice)).ok()).toBe(true);
  try {
    await expect
      .poll(
        async () => (await (await request.get(`/product/${product._id}`)).text()).includes(rupees(newPrice)),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    // The change dropped the changed product's page and the lists, not every other product's page.
    expect((await request.get(other)).headers()['age']).toMatch(/^\d+$/);
    const list = await request.get('/products');
    expect(list.headers()['age']).toBeUndefined();
    expect(await list.text()).toContain(rupees(newPrice));
  } finally {
    await edit(product.price);
  }
});
