import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerViaUi } from './support/shell-session.ts';
import { productList, storefront } from './support/storefront.ts';

// A server-rendered page is on screen before React holds it (server-rendered-pages.spec.ts): what a
// shopper taps or types in that window is replayed or works without JavaScript, never dropped.

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

  test("a search typed in the bar's box and sent before hydration lists its matches, suggestions closed", async ({
    page,
  }) => {
    await slowScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Search the shop' });
    await box.fill('cam');
    await box.press('Enter');
    expect(await isHydrated(page, 'header input')).toBe(false);
    await expect(page).toHaveURL(/\/products\/cam$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products matching “cam”');
    // The box still holds the text and the focus, and its suggestions have arrived: the list stays closed.
    await page.waitForLoadState('networkidle');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('listbox', { name: 'Suggested products' })).toBeHidden();
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
