import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/shell-session.ts';
import { hydrated, productList, storefront } from './support/storefront.ts';

test('home shows the default query as Featured Products, and View All Products leads to the catalog', async ({
  page,
  request,
}) => {
  const { products } = await productList(request);
  await page.goto('/');
  const featured = page.getByRole('list', { name: 'Featured products' });
  await expect(featured.getByTestId('product-card')).toHaveCount(products.length);
  await expect(featured.getByRole('link', { name: products[0]!.name })).toBeVisible();
  await page.getByRole('link', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).toHaveTitle('Products | Shop');
});

test('filters and pages agree with the api, live in the address, and survive back and reload', async ({
  page,
  request,
}) => {
  const all = await productList(request);
  await page.goto('/products');
  const cards = storefront(page).getByTestId('product-card');
  await expect(cards).toHaveCount(all.resultPerPage);
  const pages = Math.ceil(all.filteredProductsCount / all.resultPerPage);
  await expect(
    page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: /^Page / }),
  ).toHaveCount(pages);

  // Page 2, then a filter: the filter starts again from page 1.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const secondPage = await productList(request, 'page=2');
  await expect(cards.first()).toContainText(secondPage.products[0]!.name);

  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?category=Camera$/);
  const cameras = await productList(request, 'category=Camera');
  await expect(cards).toHaveCount(Math.min(cameras.filteredProductsCount, cameras.resultPerPage));
  await expect(page.getByText(`${cameras.filteredProductsCount} products`)).toBeVisible();
  // The pager counts the filtered list, not the catalog: none when one page holds every camera.
  const cameraPages = Math.ceil(cameras.filteredProductsCount / cameras.resultPerPage);
  await expect(
    page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: /^Page / }),
  ).toHaveCount(cameraPages > 1 ? cameraPages : 0);

  await page.getByRole('button', { name: '4 stars and up' }).click();
  await expect(page).toHaveURL(/category=Camera&ratings=4/);
  const rated = await productList(request, 'category=Camera&ratings[gte]=4');
  await expect(cards).toHaveCount(Math.min(rated.filteredProductsCount, rated.resultPerPage));
  for (const product of rated.products)
    await expect(storefront(page).getByRole('link', { name: product.name })).toBeVisible();

  // The price slider works from the keyboard and asks once it is let go.
  const maximum = page.getByRole('slider', { name: 'Maximum price' });
  await maximum.focus();
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/category=Camera&price=0-24000&ratings=4$/);

  // Back goes to the previous list, reload keeps the current one.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?category=Camera&ratings=4$/);
  await expect(cards).toHaveCount(Math.min(rated.filteredProductsCount, rated.resultPerPage));
  await page.reload();
  await expect(page.getByRole('button', { name: '4 stars and up' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Camera', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(cards).toHaveCount(Math.min(rated.filteredProductsCount, rated.resultPerPage));
});

test('Sort by: chosen from the keyboard, kept in the address with the filters, across pages, Back and reload', async ({
  page,
  request,
}) => {
  const cards = storefront(page).getByTestId('product-card');
  /** The cards show the api's page for `query`, in its order. */
  const showsPage = async (query: string) => {
    const { products } = await productList(request, query);
    await expect(cards.getByRole('heading')).toHaveText(products.map((product) => product.name));
  };
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });

  await page.goto('/products?ratings=1');
  await hydrated(page);
  await expect(sortBy).toHaveValue('newest');
  // Keyboard only: Tab reaches it (after the filters), each arrow key chooses the next order.
  await page.getByRole('button', { name: 'Clear filters' }).focus();
  await page.keyboard.press('Tab');
  await expect(sortBy).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=price_asc$/);
  await showsPage('ratings[gte]=1&sort=price_asc');
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=price_desc$/);
  await expect(sortBy).toBeFocused();
  await showsPage('ratings[gte]=1&sort=price_desc');
  const prices = await productList(request, 'ratings[gte]=1&sort=price_desc');
  expect(prices.products.map((product) => product.price)).toEqual(
    prices.products.map((product) => product.price).toSorted((a, b) => b - a),
  );

  // Page 2 keeps the order; a filter keeps it and starts again from page 1.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=price_desc&page=2$/);
  await showsPage('ratings[gte]=1&sort=price_desc&page=2');
  await page.getByRole('button', { name: 'Laptop', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?category=Laptop&ratings=1&sort=price_desc$/);
  await showsPage('category=Laptop&ratings[gte]=1&sort=price_desc');

  // A reload keeps it (the page server renders the sorted list), Back brings the previous list back.
  await page.reload();
  await expect(sortBy).toHaveValue('price_desc');
  await showsPage('category=Laptop&ratings[gte]=1&sort=price_desc');
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=price_desc&page=2$/);
  await expect(sortBy).toHaveValue('price_desc');
  await showsPage('ratings[gte]=1&sort=price_desc&page=2');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=price_asc$/);
  await expect(sortBy).toHaveValue('price_asc');
  await showsPage('ratings[gte]=1&sort=price_asc');

  // Best rated first, and back to the spec's order, whose address is plain again.
  await sortBy.selectOption('Highest rated');
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=rating$/);
  await showsPage('ratings[gte]=1&sort=rating');
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, '/products?ratings=1&sort=rating');
  await sortBy.selectOption('Newest');
  await expect(page).toHaveURL(/\/products\?ratings=1$/);
  await showsPage('ratings[gte]=1');

  // Arrow keys pressed in a row, faster than the list follows: each goes on from the order shown.
  await sortBy.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/products\?ratings=1&sort=rating$/);
  await expect(sortBy).toHaveValue('rating');
  await showsPage('ratings[gte]=1&sort=rating');
});

test('on a phone the filters fold under one button, and their code downloads when it is pressed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const sliderCode: string[] = [];
  page.on('request', (request) => {
    if (/\/(FilterSidebar|slider)-[\w-]+\.js$/.test(request.url())) sliderCode.push(request.url());
  });
  await page.goto('/products');
  await expect(storefront(page).getByTestId('product-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sliderCode, 'the filters are not shown yet').toEqual([]);

  const filters = page.getByRole('button', { name: 'Filters' });
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const maximum = page.getByRole('slider', { name: 'Maximum price' });
  await maximum.focus();
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/\/products\?price=0-24000$/);
  expect(sliderCode.length).toBeGreaterThan(0);
});

test('a keyword list pages over its own matches', async ({ page, request }) => {
  await page.goto('/products/shirt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products matching “shirt”');
  const matches = await productList(request, 'keyword=shirt');
  await expect(storefront(page).getByTestId('product-card')).toHaveCount(
    Math.min(matches.filteredProductsCount, matches.resultPerPage),
  );
  await page.goto('/products/no-such-thing-anywhere');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('/search: a blank keyword lists everything, any other its matches', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('combobox', { name: 'Search a product' }).fill('   ');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.goto('/search');
  await page.getByRole('combobox', { name: 'Search a product' }).fill('  laptop ');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/laptop$/);
});

test('when the api fails the list says so with Retry, and does not ask again and again', async ({ page }) => {
  // The page server renders the first list; the next one the browser asks for itself, and it fails.
  await page.goto('/products');
  await hydrated(page);
  let calls = 0;
  await page.route('**/api/v1/products?**', (route) => {
    calls += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' });
  });
  await page.getByRole('button', { name: 'Tops' }).click();
  await expect(page).toHaveURL(/category=Tops/);
  await expect(page.getByRole('alert')).toContainText('Failed to get products');
  await page.waitForTimeout(4000);
  // One try and two retries with backoff, then nothing until the shopper presses Retry.
  expect(calls).toBe(3);
  await page.unroute('**/api/v1/products?**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(storefront(page).getByTestId('product-card').first()).toBeVisible();
});

test('a rating is drawn at its size wherever it is shown: in the rating filter as on a card', async ({
  page,
}) => {
  await page.goto('/products');
  await hydrated(page);
  const drawingSize = async (rating: Locator) => {
    const box = await rating.locator('svg').first().boundingBox();
    return box && { width: Math.round(box.width), height: Math.round(box.height) };
  };
  const onCard = await drawingSize(
    storefront(page)
      .getByTestId('product-card')
      .first()
      .getByRole('img', { name: /^Rated/ }),
  );
  // Five 14 px stars and their gaps; a button's rule for its icons once squeezed them into one icon's box.
  expect(onCard).toEqual({ width: 77, height: 14 });
  for (const stars of [1, 4])
    expect(
      await drawingSize(page.getByRole('button', { name: `${stars} stars and up` }).getByRole('img')),
    ).toEqual(onCard);
});

test('on a phone the catalog’s headings step down one level at a time, the results’ count heading the cards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  await hydrated(page);
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.getClientRects().length > 0)
      .map((heading) => Number(heading.tagName[1])),
  );
  expect(levels[0]).toBe(1);
  for (const [index, level] of levels.entries())
    if (index > 0)
      expect(level, `heading ${index + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual(
        levels[index - 1]! + 1,
      );
  await expect(page.getByRole('heading', { level: 2, name: /\d+ products/ })).toBeVisible();
});
