import { expect, test } from '@playwright/test';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';
import { e2ePorts } from './support/ports.ts';

const storefrontFile = (pattern: RegExp) => (url: URL) =>
  url.port === String(e2ePorts.storefront) && pattern.test(url.pathname);

test('a slow storefront (10 s) keeps the frame usable and arrives in the end', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route(storefrontFile(/mf-manifest(-[0-9a-f]{12})?\.json$/), async (route) => {
    await new Promise((done) => setTimeout(done, 10_000));
    await route.continue();
  });
  // A storefront page asked for directly comes from the page server with its content, slow code or not.
  await page.goto('/');
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible({ timeout: 3000 });
  // The shell's own pages do not wait for the remote.
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect
    .poll(() =>
      nav.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
    )
    .toBe(true);
  // Within the app, the storefront's page waits for its code with the loading bar, and arrives in the end.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible({ timeout: 20_000 });
});

test('a storefront serving a broken bundle degrades its routes only, with Retry', async ({ page }) => {
  let broken = true;
  await page.route(storefrontFile(/StorefrontRoutes-[\w-]+\.js$/), (route) =>
    broken
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export default {;' })
      : route.continue(),
  );
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'The storefront is unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(errors.some((text) => /storefront/i.test(text))).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();

  // Fixed (in real life: a new release with new file names). A module that failed to parse stays failed
  // in the page's module map, so it is the next page load that picks the good bundle up.
  broken = false;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
});

test('the admin remote down: the admin sees it unavailable with Retry, the storefront keeps working', async ({
  page,
}) => {
  let down = true;
  await page.route(
    (url) => url.port === String(e2ePorts.admin),
    (route) => (down ? route.abort('connectionrefused') : route.continue()),
  );
  await page.goto('/login');
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'The admin panel is unavailable' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.locator('[data-remote="storefront"]').getByTestId('product-card').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'The admin panel is unavailable' })).toBeVisible();
  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
});
