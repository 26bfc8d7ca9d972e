import { expect, test } from '@playwright/test';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';
import { e2ePorts } from './support/ports.ts';

// Issue 13 §1 for the admin remote (its outage is in faults-remotes.spec.ts): slow by 10 s and serving a
// broken bundle, only the admin's routes degrade, the storefront's keep working.
const adminFile = (pattern: RegExp) => (url: URL) =>
  url.port === String(e2ePorts.admin) && pattern.test(url.pathname);

test('a slow admin remote (10 s): its routes show loading, the storefront keeps working, then it arrives', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await loginViaUi(page, demoAdmin);
  await page.route(adminFile(/mf-manifest\.json$/), async (route) => {
    await new Promise((done) => setTimeout(done, 10_000));
    await route.continue().catch(() => {}); // the page may have moved on meanwhile
  });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page.locator('[data-remote="storefront"]').getByTestId('product-card').first()).toBeVisible();
  await page.goBack();
  await expect(page.locator('[data-remote="admin"]')).toBeVisible({ timeout: 30_000 });
});

test('an admin remote serving a broken bundle degrades its routes only, with Retry', async ({ page }) => {
  let broken = true;
  await page.route(adminFile(/AdminRoutes-[\w-]+\.js$/), (route) =>
    broken
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export default {;' })
      : route.continue(),
  );
  await page.goto('/login');
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'The admin panel is unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page.locator('[data-remote="storefront"]').getByTestId('product-card').first()).toBeVisible();

  // Fixed: a module that failed to parse stays failed in the page's module map, so the next page load
  // picks up the good bundle.
  broken = false;
  await page.goto('/admin/dashboard');
  await page.reload();
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
});
