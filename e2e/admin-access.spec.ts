import { expect, test } from '@playwright/test';
import { adminPageReady, createProductViaApi, newShopper, placeOrderViaApi } from './support/admin-shop.ts';
import { e2ePorts } from './support/ports.ts';
import {
  demoAdmin,
  demoShopper,
  expectNoSeriousA11yViolations,
  loginViaUi,
} from './support/shell-session.ts';

const someId = 'a'.repeat(24);
const adminRoutes = [
  '/admin',
  '/admin/dashboard',
  '/admin/products',
  '/admin/product/new',
  `/admin/product/${someId}`,
  '/admin/orders',
  `/admin/order/${someId}`,
  '/admin/users',
  `/admin/user/${someId}`,
  '/admin/reviews',
  '/admin/activity',
];

test('a shopper is sent to /account from every admin route, and the admin remote is never requested', async ({
  page,
}) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(e2ePorts.admin)) adminRequests.push(request.url());
  });
  await loginViaUi(page, demoShopper);
  for (const path of adminRoutes) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(adminRequests).toEqual([]);
});

test('the dashboard shows the figures, quick actions, recent activity and the 30-day chart', async ({
  page,
}) => {
  const chunks: string[] = [];
  const storefrontRequests: string[] = [];
  page.on('request', (request) => {
    const { port } = new URL(request.url());
    if (port === String(e2ePorts.admin)) chunks.push(request.url());
    if (port === String(e2ePorts.storefront)) storefrontRequests.push(request.url());
  });
  await loginViaUi(page, demoAdmin);
  storefrontRequests.length = 0;
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await adminPageReady(page, 'Dashboard');
  await expect(page).toHaveTitle('Dashboard | Admin | Shop');
  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(figures).toContainText('Total Revenue₹');
  await expect(figures).toContainText('Products');
  await expect(page.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/product/new');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Orders per day' })).toBeVisible();
  expect(chunks.some((url) => /RevenueChart-[\w-]+\.js$/.test(url))).toBe(true);
  // An admin page loads nothing of the storefront, its preloads included.
  expect(storefrontRequests).toEqual([]);

  // The chart's chunk is the dashboard's alone: another admin page opened fresh does not load it.
  chunks.length = 0;
  await page.goto('/admin/users');
  await adminPageReady(page, 'Users');
  expect(chunks.some((url) => /UsersPage-[\w-]+\.js$/.test(url))).toBe(true);
  expect(chunks.filter((url) => /RevenueChart|DashboardPage|OrdersPage|ProductFormPage/.test(url))).toEqual(
    [],
  );
});

test('every admin page has no serious or critical axe violations', async ({ page, request }) => {
  const product = await createProductViaApi(request, `E2E Axe ${Date.now().toString(36)}`);
  const buyer = await newShopper(request, 'axe');
  const orderId = await placeOrderViaApi(request, buyer, product);
  await loginViaUi(page, demoAdmin);
  const pages = [
    { path: '/admin/dashboard', ready: 'Dashboard' },
    { path: '/admin/products', ready: 'Products' },
    { path: '/admin/product/new', ready: 'New Product' },
    { path: `/admin/product/${product._id}`, ready: 'Update Product' },
    { path: '/admin/orders', ready: 'Orders' },
    { path: `/admin/order/${orderId}`, ready: `Order ${orderId.slice(-8)}` },
    { path: '/admin/users', ready: 'Users' },
    { path: `/admin/user/${buyer.id}`, ready: 'Update User' },
    { path: '/admin/reviews', ready: 'Reviews' },
    { path: '/admin/activity', ready: 'Activity' },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await adminPageReady(page, ready);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.goto('/admin/products');
  await adminPageReady(page, 'Products');
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoSeriousA11yViolations(page, 'delete confirmation');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin menu is a drawer that marks the current page', async ({ page }) => {
    await loginViaUi(page, demoAdmin);
    await page.goto('/admin/orders');
    await adminPageReady(page, 'Orders');
    await page.getByRole('button', { name: 'Admin menu: Orders' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin panel' });
    await expect(drawer.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    // Checked once it has slid in (half-transparent text is not what admins read).
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await expectNoSeriousA11yViolations(page, 'admin drawer');
    await drawer.getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(drawer).toBeHidden();
  });
});
