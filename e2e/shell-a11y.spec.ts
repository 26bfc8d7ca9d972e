import { expect, test } from '@playwright/test';
import { demoShopper, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';

const publicPages = [
  { path: '/login', ready: 'Login to your account' },
  { path: '/password/forgot', ready: 'Forgot Password' },
  { path: '/password/reset/sample-token-0123456789', ready: 'Reset Password' },
  { path: '/about', ready: 'About Us' },
  { path: '/contact', ready: 'Contact Us' },
  { path: '/no-such-page', ready: 'Page Not Found' },
];

test("the shell's public pages have no serious or critical axe violations", async ({ page }) => {
  for (const { path, ready } of publicPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.goto('/login');
  await page.getByRole('tab', { name: 'REGISTER' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/login REGISTER tab');
});

test("the shell's signed-in pages, the open dropdown and a toast have no serious or critical axe violations", async ({
  page,
}) => {
  await loginViaUi(page, demoShopper);
  for (const { path, ready } of [
    { path: '/account', ready: 'My Account' },
    { path: '/me/update', ready: 'Update Profile' },
    { path: '/password/update', ready: 'Update Password' },
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'avatar dropdown');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  // Checked once its entrance animation has finished (half-transparent text is not what shoppers read).
  await expect(toast).toHaveCSS('opacity', '1');
  // Home belongs to the storefront remote: only the shell's toast is checked here.
  await expectNoSeriousA11yViolations(page, 'logout toast', 'section[aria-label="Notifications"]');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open mobile menu has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'mobile menu');
  });
});
