import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVER_RENDERED_ATTRIBUTE } from '@shop/shared-contract';
import { layoutShiftTotal, recordLayoutShifts } from './support/layout-shifts.ts';
import { newAccount, registerViaUi } from './support/shell-session.ts';
import { api, apiToken, productList, storefront, type ListedProduct } from './support/storefront.ts';
import { demoAdmin } from './support/shell-session.ts';

// The storefront's public pages come from the page server (page-server/) with their real content, rendered
// by the storefront's own server entry, and React takes them over without changing what is on screen.

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);

/** A browser page that runs no JavaScript: what a crawler or a link preview sees. */
async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('without JavaScript, each public address shows its real content', () => {
  test('the home page: its featured products, named and priced', async ({ browser, request }) => {
    const { products } = await productList(request);
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Quality products, delivered to your door',
      );
      const featured = page.getByRole('list', { name: 'Featured products' });
      await expect(featured.getByRole('listitem')).toHaveCount(products.length);
      for (const product of products) {
        const card = featured.getByRole('listitem').filter({ hasText: product.name });
        await expect(card).toContainText(rupees(product.price));
        await expect(card).toContainText(new RegExp(`\\(${product.numOfReviews} Reviews?\\)`));
        await expect(card.getByRole('img', { name: product.name })).toHaveAttribute(
          'src',
          product.images[0]!.url,
        );
      }
    });
  });

  test('the catalog: a page of a filtered list, its count and its pages', async ({ browser, request }) => {
    const all = await productList(request, 'page=2');
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/products?page=2');
      const pages = Math.ceil(all.filteredProductsCount / all.resultPerPage);
      await expect(page.getByText(`${all.filteredProductsCount} products, page 2 of ${pages}`)).toBeVisible();
      for (const product of all.products)
        await expect(storefront(page).getByRole('link', { name: product.name }).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Product pages' })).toBeVisible();
      // The filters are drawn too (beside the list on a desktop), the address's category chosen.
      await page.goto('/products?category=Camera');
      await expect(page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');
    });
  });

  test('a sorted list: the api’s page in the api’s order, the order chosen in Sort by', async ({
    browser,
    request,
  }) => {
    const cheapest = await productList(request, 'sort=price_asc&page=2');
    const best = await productList(request, 'keyword=Camera&sort=rating');
    await withoutJavaScript(browser, async (page) => {
      const names = storefront(page).getByTestId('product-card').getByRole('heading');
      await page.goto('/products?sort=price_asc&page=2');
      await expect(names).toHaveText(cheapest.products.map((product) => product.name));
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
      await page.goto('/products/Camera?sort=rating');
      await expect(names).toHaveText(best.products.map((product) => product.name));
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    });
  });

  test('a keyword’s list: the matches of the literal name', async ({ browser, request }) => {
    const matches = await productList(request, 'keyword=Camera');
    expect(matches.products.length).toBeGreaterThan(0);
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/products/Camera');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products matching “Camera”');
      for (const product of matches.products)
        await expect(storefront(page).getByRole('link', { name: product.name }).first()).toBeVisible();
    });
  });

  test('a product page: name, price, rating, stock, description and reviews', async ({
    browser,
    request,
  }) => {
    const { products } = await productList(request);
    const product = products.find((candidate) => candidate.numOfReviews > 0)!;
    const detail = (await (await request.get(`${api}/product/${product._id}`)).json()) as {
      product: ListedProduct & { description: string; reviews: { comment: string }[] };
    };
    await withoutJavaScript(browser, async (page) => {
      await page.goto(`/product/${product._id}`);
      await expect(page).toHaveTitle(`${product.name} | Shop`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await expect(storefront(page)).toContainText(rupees(product.price));
      await expect(storefront(page)).toContainText(product.stock > 0 ? 'In Stock' : 'Out of Stock');
      await expect(storefront(page)).toContainText(detail.product.description);
      await expect(storefront(page)).toContainText(detail.product.reviews[0]!.comment);
    });
  });
});

test.describe('React takes a rendered page over as it is', () => {
  for (const address of [
    '/',
    '/products',
    '/products/Camera',
    '/products?sort=rating',
    'a product page',
    '/about',
  ]) {
    test(`${address}: same elements, no hydration warning, no layout shift, no second request for its data`, async ({
      page,
      request,
    }) => {
      const { products } = await productList(request);
      const path = address === 'a product page' ? `/product/${products[0]!._id}` : address;
      const problems: string[] = [];
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const apiCalls: string[] = [];
      page.on('request', (sent) => {
        // Asking for data is a GET; the report of how the storefront's release loaded is not one.
        if (sent.url().startsWith(api) && sent.method() === 'GET') apiCalls.push(sent.url());
      });
      await recordLayoutShifts(page);
      // The heading the server wrote, kept from before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { served: Element | null }).served = document.querySelector('main h1');
        });
      });
      await page.goto(path);
      await expect(page.locator(`#root[${SERVER_RENDERED_ATTRIBUTE}]`)).toHaveCount(1);
      // Hydrated: React has claimed the server's heading element itself.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const heading = document.querySelector('main h1');
            return (
              heading !== null &&
              heading === (window as unknown as { served: Element | null }).served &&
              Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))
            );
          }),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      if (path.startsWith('/products'))
        // The slider finds its thumbs by the ids React generated (useId): visible only when the browser's
        // tree gave the same ids as the server's (a difference has no warning in production).
        await expect(page.getByRole('slider', { name: 'Maximum price' })).toBeVisible();
      expect(problems, 'console errors and warnings').toEqual([]);
      expect(apiCalls, 'api requests from the page').toEqual([]);
      expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
    });
  }
});

/** The scripts the page fetched before its first paint. */
async function scriptsBeforeFirstPaint(page: Page) {
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
    return { firstPaint: paint?.startTime ?? null, scripts };
  });
  expect(timings.firstPaint).not.toBeNull();
  expect(timings.scripts.length).toBeGreaterThan(0);
  return timings.scripts.filter((script) => script.startTime < timings.firstPaint!);
}

test('a rendered page paints before any of its JavaScript is fetched', async ({ page }) => {
  await page.goto('/products');
  await page.waitForLoadState('networkidle');
  expect(await scriptsBeforeFirstPaint(page), 'scripts fetched before the first paint').toEqual([]);
});

// The page ships the design system's global styles (reset, tokens); the app then neither builds nor inserts
// them again (shared-ui/src/theme-provider.tsx), rendered or not. No style carries prefixed copies for
// browsers older than the shop's JavaScript runs in (shared-ui/src/style-cache.ts); a line clamp's
// `display: -webkit-box` is the property itself, not a copy.
for (const address of ['/', '/products', '/cart']) {
  test(`${address} styles come from the page's shipped stylesheet, once`, async ({ page }) => {
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    const styles = await page.evaluate(() => ({
      brandSolid: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid'),
      stylesheetsWithTokens: [...document.querySelectorAll('style')].filter((style) =>
        [...(style.sheet?.cssRules ?? [])].some((rule) => /--chakra-colors-brand-500:/.test(rule.cssText)),
      ).length,
      shipped: document.querySelector('head > style#shop-global-styles') !== null,
      oldBrowserPrefixes: [
        ...[...document.querySelectorAll('style')]
          .map((style) => style.textContent)
          .join('')
          .matchAll(
            /@-webkit-keyframes|-webkit-transform|display:-webkit-flex|-ms-flex|-moz-(transform|flex)/g,
          ),
      ].length,
    }));
    expect(styles).toEqual({
      brandSolid: expect.stringMatching(/^#|rgb/),
      stylesheetsWithTokens: 1,
      shipped: true,
      oldBrowserPrefixes: 0,
    });
  });
}

// A rendered page's head carries only the design system's tokens and keyframes its markup draws with
// (page-server/src/documents/global-styles.ts: the page then fits TCP's first flight); the whole sheet
// arrives with the JavaScript, for what React draws later.
test('a rendered page draws exactly as with every token, and gets them all with its JavaScript', async ({
  browser,
  page,
  request,
}) => {
  const [product] = (await productList(request)).products;
  for (const address of ['/', '/products', `/product/${product!._id}`])
    await withoutJavaScript(browser, async (bare) => {
      await bare.setViewportSize({ width: 390, height: 844 });
      await bare.goto(address);
      const drawn = () =>
        bare.locator('#root').evaluate((root) =>
          [root, ...root.querySelectorAll('*')].map((element) => {
            const style = getComputedStyle(element);
            return [
              style.color,
              style.backgroundColor,
              style.borderColor,
              style.boxShadow,
              style.fontFamily,
              style.fontSize,
              style.padding,
              style.borderRadius,
              style.animationName,
            ].join('|');
          }),
        );
      const cut = await drawn();
      const shipped = (await bare.locator('head > style#shop-global-styles').textContent()) ?? '';
      expect(shipped, address).not.toContain('--chakra-colors-purple-500:');
      // The whole sheet, as the page's JavaScript would load it.
      const wholeSheet = await bare
        .locator('#shop-entry')
        .evaluate((held) =>
          (held as HTMLTemplateElement).content.querySelector('link[rel=stylesheet]')?.getAttribute('href'),
        );
      expect(wholeSheet, address).toMatch(/^\/global-styles-[\w-]+\.css$/);
      const sheet = await bare.request.get(wholeSheet!);
      expect(sheet.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      // Put in by hand: addStyleTag waits for a load event that a page without JavaScript never reports.
      await bare.locator('head').evaluate(
        (head, css) => {
          const style = document.createElement('style');
          style.textContent = css;
          head.append(style);
        },
        await sheet.text(),
      );
      expect(await drawn(), `${address}: what the cut sheet left out changes nothing drawn`).toEqual(cut);
    });
  await page.goto('/products');
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-purple-500'),
    ),
  ).not.toBe('');
});

test.describe('what is done before React has taken the page over is not lost', () => {
  // Every script arrives late, so each input surely lands on the server's markup.
  const slowScripts = (page: Page) =>
    page.route(/\.m?js(\?|$)/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
  const isHydrated = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

  test('a tap on the phone menu at first paint opens it', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    try {
      await slowScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.tap();
      expect(await isHydrated(page, 'header button'), 'hydrated when tapped').toBe(false);
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  test('typing a search and pressing Enter searches for it', async ({ page }) => {
    await slowScripts(page);
    await page.goto('/search', { waitUntil: 'commit' });
    const field = page.getByRole('combobox', { name: 'Search a product' });
    await field.fill('Camera');
    await field.press('Enter');
    expect(await isHydrated(page, 'main')).toBe(false);
    await expect(page).toHaveURL(/\/products\/Camera$/, { timeout: 20_000 });
  });

  test('text typed before hydration and submitted the moment after it is the text searched for', async ({
    page,
  }) => {
    await slowScripts(page);
    // A busy phone: frames come seldom, so nothing that waits for one may stand between hydration and the
    // shopper's Enter.
    await page.addInitScript(() => {
      window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 1000);
    });
    await page.goto('/search', { waitUntil: 'commit' });
    const field = page.getByRole('combobox', { name: 'Search a product' });
    await field.fill('Laptop');
    await expect.poll(() => isHydrated(page, '#search-keyword'), { timeout: 20_000 }).toBe(true);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/products\/Laptop$/);
  });

  test('an order chosen in Sort by is followed once React holds the page', async ({ page, request }) => {
    const { products } = await productList(request, 'sort=price_desc');
    await slowScripts(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.selectOption('price_desc');
    expect(await isHydrated(page, 'main')).toBe(false);
    await expect(page).toHaveURL(/\/products\?sort=price_desc$/, { timeout: 20_000 });
    await expect(sortBy).toHaveValue('price_desc');
    await expect(storefront(page).getByTestId('product-card').getByRole('heading')).toHaveText(
      products.map((product) => product.name),
    );
  });

  test('Add to Cart, pressed by a signed-in shopper, adds', async ({ page, request }) => {
    const { products } = await productList(request);
    const product = products.find((candidate) => candidate.stock > 0)!;
    await registerViaUi(page, newAccount('early-cart'));
    await slowScripts(page);
    await page.goto(`/product/${product._id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await isHydrated(page, 'main')).toBe(false);
    await expect(page.getByTestId('toast').filter({ hasText: 'Item Added To Cart' })).toBeVisible({
      timeout: 20_000,
    });
    const cart = await page.evaluate(
      () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { name: string }[],
    );
    expect(cart.map((line) => line.name)).toEqual([product.name]);
  });
});

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

test('a rendered page is cached for a CDN, and a price change reaches it without a restart', async ({
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
  } finally {
    await edit(product.price);
  }
});
