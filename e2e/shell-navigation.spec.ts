import { expect, test, type Request } from '@playwright/test';
import { e2ePorts } from './support/ports.ts';
import { accountMenuItems, demoAdmin, demoShopper, loginViaUi } from './support/shell-session.ts';

const cartLine = (product: string) => ({
  product,
  name: product,
  price: 999,
  image: '/profile.png',
  stock: 5,
  quantity: 1,
});

test('a guest sees the shop links and Login, and no avatar menu', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Products', 'About', 'Contact', 'Search']);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
});

test("a shopper's dropdown: Orders, Profile, Cart with the cart's count, Logout; no Dashboard", async ({
  page,
}) => {
  await page.goto('/about');
  await page.evaluate(
    (lines) => localStorage.setItem('cartItems', JSON.stringify(lines)),
    [cartLine('a'.repeat(24)), cartLine('b'.repeat(24))],
  );
  await loginViaUi(page, demoShopper);
  await expect(page.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  expect(await accountMenuItems(page)).toEqual(['Orders', 'Profile', 'Cart (2)', 'Logout']);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('a shopper opening /admin/dashboard lands on /account and never downloads admin code', async ({
  page,
}) => {
  const adminRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).port === String(e2ePorts.admin)) adminRequests.push(request.url());
  });
  await loginViaUi(page, demoShopper);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(adminRequests).toEqual([]);
});

test("an admin's dropdown starts with Dashboard, which opens the admin remote", async ({ page }) => {
  await loginViaUi(page, demoAdmin);
  expect(await accountMenuItems(page)).toEqual(['Dashboard', 'Orders', 'Profile', 'Cart (0)', 'Logout']);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
  // The admin remote is guarded on a full page load too (spinner, then the panel).
  await page.reload();
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
});

test('the dropdown works from the keyboard', async ({ page }) => {
  await loginViaUi(page, demoShopper);
  await page.getByRole('button', { name: /^Account menu for/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-in menu opens, keeps focus inside, closes by Escape and by following a link', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Products',
      'About',
      'Contact',
      'Search',
      'Login',
    ]);

    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  });

  test('signed in, the menu lists the account pages and logs out', async ({ page }) => {
    await loginViaUi(page, demoShopper);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
    // The demo shopper's saved cart follows the account (issue 28): other tests may have left lines in it.
    await expect(menu.getByRole('link', { name: /^Cart \(\d+\)$/ })).toBeVisible();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Logout Successfully' })).toBeVisible();
  });
});
