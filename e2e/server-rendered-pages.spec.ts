import { expect, test, type Browser, type Page } from '@playwright/test';
import { SERVER_RENDERED_ATTRIBUTE } from '@shop/shared-contract';
import { readServerTiming } from '../page-server/src/http/server-timing.ts';
import { layoutShiftTotal, recordLayoutShifts } from './support/layout-shifts.ts';
import { api, productList, rupees, storefront, type ListedProduct } from './support/storefront.ts';

// The storefront's public pages come from the page server (page-server/) with their real content, rendered
// by the storefront's own server entry, and React takes them over without changing what is on screen.

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

test('a page says how it was answered: rendered, its steps timed, then from the cache', async ({
  request,
}) => {
  const { products } = await productList(request);
  // An address nobody asked for before: the server has no page for it yet.
  const address = `/product/${products[0]!._id}?seen=${Date.now()}`;
  const rendered = readServerTiming((await request.get(address)).headers()['server-timing'] ?? '');
  expect(rendered.cache?.desc).toBe('miss');
  expect(rendered.data?.dur).toBeGreaterThan(0);
  expect(rendered.render?.dur).toBeGreaterThan(0);
  expect(rendered.compress?.dur).toBeGreaterThanOrEqual(0);
  // Each step rounded to a tenth of a millisecond.
  expect(rendered.total!.dur!).toBeGreaterThanOrEqual(rendered.data!.dur! + rendered.render!.dur! - 0.2);

  const cached = readServerTiming((await request.get(address)).headers()['server-timing'] ?? '');
  expect(cached.cache?.desc).toBe('hit');
  expect(cached.render).toBeUndefined();
  expect(cached.total?.dur).toBeLessThan(rendered.total!.dur!);
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
// arrives with the JavaScript and applies when the page draws something its head lacks.
test('a rendered page draws exactly as with every token, and gets them all when it needs them', async ({
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
  // With JavaScript the whole sheet is fetched but held (media print) while the page draws only with what
  // its head declares: applied, it restyles every element. The page applies it once it needs more, here for
  // the phone menu's drawer (its slide-in keyframes), before the drawer is drawn.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  await page.waitForLoadState('networkidle');
  const purple = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-purple-500'),
    );
  expect(await page.locator('link[data-shop-whole-sheet]').getAttribute('media')).toBe('print');
  expect(await purple()).toBe('');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await page.locator('link[data-shop-whole-sheet]').getAttribute('media')).toBe('all');
  await expect.poll(purple).not.toBe('');
});
