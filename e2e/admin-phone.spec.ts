import { expect, test, type Page } from '@playwright/test';
import { priceOrder } from '../shared-api/src/schemas/pricing.ts';
import {
  adminPageReady,
  createProductViaApi,
  moveOrderViaApi,
  newShopper,
  placeOrderViaApi,
  reviewViaApi,
} from './support/admin-shop.ts';
import {
  beyondRightEdge,
  drawnTextSizes,
  expectWithinScreen,
  pageWidth,
  textLines,
} from './support/screen-fit.ts';
import { demoAdmin, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';

/** The admin panel on a phone (issue 23): every page fits the screen, nothing is cut off or hidden. */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const stamp = () => Date.now().toString(36);
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Nothing of the page passes the screen's right edge. */
async function expectFitsScreen(page: Page, what: string) {
  const screen = page.viewportSize()!.width;
  expect(await pageWidth(page), `${what}: page width`).toBeLessThanOrEqual(screen);
  expect(await beyondRightEdge(page), `${what}: cut off at the right edge`).toEqual([]);
}

/** The rows of a list, as a table or as cards: whatever carries the list's name. */
const listOf = (page: Page, name: string) =>
  page.locator('[data-remote="admin"]').getByLabel(name, { exact: true }).first();

/** How many rows the page shows: the list's count under it ('24 products'), at most a page of them. */
async function rowsShown(page: Page, noun: string, pageSize: number): Promise<number> {
  const count = page.locator('[data-remote="admin"]').getByText(new RegExp(`^\\d+ ${noun}s?$`));
  const matching = Number((await count.innerText()).split(' ')[0]);
  expect(matching, `${noun}s listed`).toBeGreaterThan(0);
  return Math.min(matching, pageSize);
}

/** Each row's Edit and Delete: one of each per row, all of them whole on the screen. */
async function expectActionsOnScreen(page: Page, rows: number, edit: boolean) {
  const admin = page.locator('[data-remote="admin"]');
  const deletes = admin.getByRole('button', { name: /^Delete / });
  await expect(deletes).toHaveCount(rows);
  for (const button of await deletes.all()) await expectWithinScreen(button);
  if (!edit) return;
  const edits = admin.getByRole('link', { name: /^Edit / });
  await expect(edits).toHaveCount(rows);
  for (const link of await edits.all()) await expectWithinScreen(link);
}

test('the order page fits a phone at every status, item names wrapping as text does', async ({
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Weatherproof Camera Backpack ${stamp()}`);
  const buyer = await newShopper(request, 'phone-order');
  const orderId = await placeOrderViaApi(request, buyer, product);
  await loginViaUi(page, demoAdmin);

  for (const status of ['Processing', 'Shipped', 'Delivered'] as const) {
    if (status !== 'Processing') await moveOrderViaApi(request, orderId, status);
    await page.goto(`/admin/order/${orderId}`);
    await adminPageReady(page, `Order ${orderId.slice(-8)}`);
    await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
    await expectFitsScreen(page, status);
    // Five words on a phone's width take two lines, not five (one word a line when squeezed).
    const name = page.getByRole('link', { name: product.name });
    await expectWithinScreen(name);
    expect(await textLines(name), `${status}: lines of “${product.name}”`).toBeLessThanOrEqual(2);
  }
  await expectNoSeriousA11yViolations(page, 'the order on a phone');
});

test.describe('each admin list on a phone shows every value and the actions of every row', () => {
  test.beforeEach(async ({ page }) => loginViaUi(page, demoAdmin));

  test('products', async ({ page, request }) => {
    const product = await createProductViaApi(request, `E2E Phone Lens ${stamp()}`, 1500);
    await page.goto('/admin/products');
    await adminPageReady(page, 'Products');
    await expectFitsScreen(page, 'products');
    await expectActionsOnScreen(page, await rowsShown(page, 'product', 13), true);

    await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
    await adminPageReady(page, 'Products');
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(1);
    const rows = listOf(page, 'Products');
    for (const value of [product._id, product.name, '5', rupees(product.price)])
      await expectWithinScreen(rows.getByText(value, { exact: true }));
    await expectActionsOnScreen(page, 1, true);
    await expectFitsScreen(page, 'one product');
    await expectNoSeriousA11yViolations(page, 'products on a phone');
  });

  test('orders', async ({ page, request }) => {
    const product = await createProductViaApi(request, `E2E Phone Strap ${stamp()}`, 800);
    const buyer = await newShopper(request, 'phone-orders');
    const orderId = await placeOrderViaApi(request, buyer, product);
    await page.goto('/admin/orders');
    await adminPageReady(page, 'Orders');
    await expectFitsScreen(page, 'orders');
    await expectActionsOnScreen(page, await rowsShown(page, 'order', 10), true);

    await page.goto(`/admin/orders?q=${orderId}`);
    await adminPageReady(page, 'Orders');
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(1);
    const { totalPaise } = priceOrder([{ pricePaise: product.price * 100, quantity: 1 }]);
    const rows = listOf(page, 'Orders');
    for (const value of [orderId.slice(-8), 'Processing', '1', rupees(totalPaise / 100)])
      await expectWithinScreen(rows.getByText(value, { exact: true }));
    await expectActionsOnScreen(page, 1, true);
    await expectFitsScreen(page, 'one order');
    await expectNoSeriousA11yViolations(page, 'orders on a phone');
  });

  test('users', async ({ page, request }) => {
    const user = await newShopper(request, 'phone-users');
    await page.goto('/admin/users');
    await adminPageReady(page, 'Users');
    await expectFitsScreen(page, 'users');
    await expectActionsOnScreen(page, await rowsShown(page, 'user', 10), true);

    await page.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
    await adminPageReady(page, 'Users');
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(1);
    const rows = listOf(page, 'Users');
    for (const value of [user.id, user.name, user.email, 'Customer'])
      await expectWithinScreen(rows.getByText(value, { exact: true }));
    await expectWithinScreen(rows.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/));
    await expectActionsOnScreen(page, 1, true);
    await expectFitsScreen(page, 'one user');
    await expectNoSeriousA11yViolations(page, 'users on a phone');
  });

  test('reviews, with the product they are of', async ({ page, request }) => {
    const product = await createProductViaApi(request, `E2E Phone Reviewed ${stamp()}`);
    const comment = 'Sturdy, light and easy to carry on a long walk through the hills';
    const author = await reviewViaApi(request, product._id, { label: 'phone-rev', rating: 4, comment });
    await reviewViaApi(request, product._id, { label: 'phone-rev2', rating: 5, comment: 'Good' });
    await page.goto(`/admin/reviews?product=${product._id}`);
    await adminPageReady(page, 'Reviews');
    await expectActionsOnScreen(page, 2, false);
    const rows = listOf(page, 'Reviews of the product');
    for (const value of [author.name, comment])
      await expectWithinScreen(rows.getByText(value, { exact: true }));
    await expectWithinScreen(rows.getByRole('img', { name: 'Rated 4.0 out of 5' }));
    await expect(rows.getByText(product.name, { exact: true })).toHaveCount(2);
    for (const name of await rows.getByText(product.name, { exact: true }).all())
      await expectWithinScreen(name);
    await expectFitsScreen(page, 'reviews');
    await expectNoSeriousA11yViolations(page, 'reviews on a phone');
  });

  test('and on a tablet, beside the side menu', async ({ page, request }) => {
    await newShopper(request, 'tablet-with-a-long-email-address');
    await page.setViewportSize({ width: 768, height: 1024 });
    for (const [path, heading] of [
      ['/admin/products', 'Products'],
      ['/admin/orders', 'Orders'],
      ['/admin/users', 'Users'],
    ] as const) {
      await page.goto(path);
      await adminPageReady(page, heading);
      await expectFitsScreen(page, `${heading} at 768 px`);
    }
  });
});

test("the dashboard chart's labels are drawn at a readable size on a phone, a tablet and a desktop", async ({
  page,
}) => {
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/dashboard');
  await adminPageReady(page, 'Dashboard');
  const chart = page.getByRole('region', { name: 'Last 30 Days' });
  await expect(chart.getByRole('img', { name: 'Orders per day' })).toBeVisible();
  for (const width of [PHONE.width, 768, 1280]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const texts = await drawnTextSizes(chart);
    // The axis labels: a date under every seventh day (five per chart) and the figures up the side.
    const dates = texts.filter(({ text }) => /^[A-Z][a-z]{2} \d{1,2}$/.test(text));
    expect(dates.length, `${width} px: date labels`).toBeGreaterThanOrEqual(10);
    const smallest = Math.min(...texts.map(({ px }) => px));
    expect(smallest, `${width} px: ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(11);
  }
});
