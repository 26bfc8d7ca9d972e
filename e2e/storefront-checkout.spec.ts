import { expect, test } from '@playwright/test';
import { SCREENS } from '../scripts/bench/page-weight.ts';
import { demoShopper, loginViaUi, newAccount, registerViaUi } from './support/shell-session.ts';
import { layoutShiftTotal, recordLayoutShifts } from './support/layout-shifts.ts';
import {
  addToCart,
  apiToken,
  fillCard,
  fillShipping,
  ordersOf,
  productNamed,
  toPayment,
} from './support/storefront.ts';

const TSHIRT = 'Pure Cotton Crew Neck T-Shirt'; // ₹399, 120 in stock
const CASE = 'Phone Case with Stand'; // ₹149, 200 in stock

test('the cart: add or replace, bounds, remove, totals, and it survives a reload and another tab', async ({
  page,
  request,
  context,
}) => {
  const tshirt = await productNamed(request, TSHIRT);
  const phoneCase = await productNamed(request, CASE);
  await page.goto('/login');
  await registerViaUi(page, newAccount('cart'));
  await page.goto('/cart');
  await expect(page.getByText('No Product in Your Cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Products' })).toHaveAttribute('href', '/products');

  await addToCart(page, tshirt._id, 2);
  await addToCart(page, phoneCase._id);
  await addToCart(page, tshirt._id, 3); // the same product again replaces its line
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: `Quantity of ${TSHIRT}` })).toHaveValue('3');
  await expect(page.getByText('Free')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('₹1,346.00'); // 3 × 399 + 149

  await page.reload();
  await expect(lines).toHaveCount(2);
  const other = await context.newPage();
  await other.goto('/cart');
  await expect(other.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
  await other.getByRole('button', { name: `Remove ${CASE} from the cart` }).click();
  await expect(lines).toHaveCount(1); // the first tab follows
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(page.getByTestId('cart-total')).toHaveText('₹399.00');
  await other.close();
});

test('a full purchase with 4242 4242 4242 4242 ends in My Orders with PAID', async ({ page, request }) => {
  const tshirt = await productNamed(request, TSHIRT);
  const account = newAccount('buyer');
  await page.goto('/login');
  await registerViaUi(page, account);
  await addToCart(page, tshirt._id);

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  // Every rule of the shipping form, the 10-digit phone also said in a toast.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await fillShipping(page);
  await page.getByLabel('Phone Number').fill('98765');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Phone Number should be 10 digit long' }),
  ).toBeVisible();
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Continue' }).click();

  // ₹399: shipping ₹200 (not above ₹1,000), GST 18% = ₹71.82, total ₹670.82.
  await expect(page).toHaveURL(/\/order\/confirm$/);
  await expect(page.getByText('Shipping Charges')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('₹670.82');
  await page.getByRole('button', { name: 'Proceed To Payment' }).click();
  const pay = page.getByRole('button', { name: 'Pay - ₹670.82' });
  await expect(pay).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully' })).toBeVisible();
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders\/me$/);
  const row = page.getByRole('listitem').filter({ hasText: '₹670.82' });
  await expect(row.getByText('PAID', { exact: true })).toBeVisible();
  await expect(row.getByText('Processing')).toBeVisible();
  await row.getByRole('link', { name: /View details/ }).click();
  await expect(page.getByRole('heading', { name: /^Order #/ })).toBeVisible();
  await expect(page.getByText(TSHIRT)).toBeVisible();

  // The cart is empty again; the order is the server's, for the server's total.
  await page.goto('/cart');
  await expect(page.getByText('No Product in Your Cart')).toBeVisible();
  const orders = await ordersOf(request, await apiToken(request, account));
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ totalPrice: 670.82, paymentInfo: { status: 'succeeded' } });
});

test('a declined card says so, re-enables Pay and places no order', async ({ page, request }) => {
  const phoneCase = await productNamed(request, CASE);
  const account = newAccount('declined');
  await page.goto('/login');
  await registerViaUi(page, account);
  await addToCart(page, phoneCase._id);
  await toPayment(page);
  await fillCard(page, '4000 0000 0000 0002');
  const pay = page.getByRole('button', { name: /^Pay - / });
  await pay.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(pay).toBeEnabled();
  await expect(page).toHaveURL(/\/process\/payment$/);
  expect(await ordersOf(request, await apiToken(request, account))).toHaveLength(0);

  // The same checkout then succeeds with another card, once.
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/success$/);
  expect(await ordersOf(request, await apiToken(request, account))).toHaveLength(1);
});

test('a double-clicked Pay places one order, and a reload of the paid page does not pay again', async ({
  page,
  request,
}) => {
  const phoneCase = await productNamed(request, CASE);
  const account = newAccount('double');
  await page.goto('/login');
  await registerViaUi(page, account);
  await addToCart(page, phoneCase._id, 2);
  await toPayment(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay - / }).dblclick();
  await expect(page).toHaveURL(/\/success$/);
  await page.reload();
  await page.goBack();
  await page.waitForLoadState('networkidle');
  const orders = await ordersOf(request, await apiToken(request, account));
  expect(orders).toHaveLength(1);
});

test("another shopper's order is not found, and shows none of its data", async ({ page, request }) => {
  const phoneCase = await productNamed(request, CASE);
  const buyer = newAccount('owner');
  await page.goto('/login');
  await registerViaUi(page, buyer);
  await addToCart(page, phoneCase._id);
  await toPayment(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay - / }).click();
  await expect(page).toHaveURL(/\/success$/);
  const [order] = await ordersOf(request, await apiToken(request, buyer));

  await page.context().clearCookies();
  await page.goto('/login');
  await loginViaUi(page, demoShopper);
  await page.goto(`/order/${order!._id}`);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('12 MG Road')).toHaveCount(0);
  await expect(page.getByText(CASE)).toHaveCount(0);
});

test('signed-in pages send a guest to /login and back', async ({ page }) => {
  await page.goto('/orders/me');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders%2Fme$/);
  await loginViaUi(page, demoShopper);
  await expect(page).toHaveURL(/\/orders\/me$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});

test("a signed-in page's code downloads while the session is checked, not after", async ({ page }) => {
  await page.goto('/login');
  await loginViaUi(page, demoShopper);
  // The session check of a full load answers late; the cart's own chunk must not wait for it.
  const events: string[] = [];
  await page.route('**/api/v1/auth/refresh', async (route) => {
    await new Promise((resume) => setTimeout(resume, 1500));
    events.push('session answered');
    await route.continue();
  });
  page.on('request', (request) => {
    if (/\/CartPage-[\w-]+\.js$/.test(request.url())) events.push('cart code asked for');
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(events).toEqual(['cart code asked for', 'session answered']);
});

test('on a phone, a full load of the payment page does not move the footer into view, nor load the card rules', async ({
  page,
  request,
}) => {
  await page.setViewportSize(SCREENS.phone);
  const phoneCase = await productNamed(request, CASE);
  await page.goto('/login');
  await registerViaUi(page, newAccount('steady'));
  await addToCart(page, phoneCase._id);
  await toPayment(page);
  await recordLayoutShifts(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Card Info' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutShiftTotal(page)).toBeLessThan(0.02);

  // The card rules (the contract's schemas, with zod) are not part of the page: they come with the card
  // form's first use, and then check the card as before.
  const schemaScripts = () =>
    page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((entry) => /\/schemas-[\w-]+\.js$/.test(entry.name))
          .length,
    );
  expect(await schemaScripts()).toBe(0);
  await page.getByLabel('Card number').fill('4242');
  await page.getByRole('button', { name: /^Pay - / }).click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  expect(await schemaScripts()).toBeGreaterThan(0);
});
