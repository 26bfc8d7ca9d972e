import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminPageReady,
  api,
  createProductViaApi,
  expectToast,
  newShopper,
  placeOrderViaApi,
} from './support/admin-shop.ts';
import { demoAdmin, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';

/** Issue 29: what an admin does after the sale, and what the shopper then sees. */

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const response = await request.get(`${api}/product/${productId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { product: { stock: number } }).product.stock;
}

test('an admin cancels a paid order: its stock goes back, the payment is refunded, the shopper sees it', async ({
  browser,
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Lens Cap ${Date.now().toString(36)}`, 1500);
  const buyer = await newShopper(request, 'cancelled');
  const orderId = await placeOrderViaApi(request, buyer, product);
  expect(await stockOf(request, product._id)).toBe(4);

  await loginViaUi(page, demoAdmin);
  await page.goto(`/admin/order/${orderId}`);
  await adminPageReady(page, /Order/);
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  // ₹1,500 and its 18% GST (shipping is free above ₹1,000).
  await expect(history.getByRole('row').nth(1)).toContainText('Paid');
  await expect(history.getByRole('row').nth(1)).toContainText('₹1,770.00');
  await expectNoSeriousA11yViolations(page, 'the admin order page with its payments');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('₹1,770.00 is refunded to the shopper');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expectToast(page, 'Order Cancelled');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(2)).toContainText('Refund (cancelled)');
  await expect(page.getByText('Paid ₹1,770.00, refunded ₹1,770.00')).toBeVisible();
  // Cancelled: nothing left to cancel or refund.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(request, product._id)).toBe(5);

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await loginViaUi(shopper, buyer);
  await shopper.goto('/orders/me');
  const row = shopper
    .getByRole('list', { name: 'Your orders, newest first' })
    .getByRole('listitem')
    .filter({ hasText: orderId });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('REFUNDED');
  await shopper.goto(`/order/${orderId}`);
  await expect(shopper.getByText(/^Cancelled on /)).toBeVisible();
  await expect(shopper.getByText('REFUNDED', { exact: true })).toBeVisible();
  await shopperContext.close();
});

test('a shopper cancels their own order before it ships: stock back, money back, and the admin sees who', async ({
  browser,
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Lens Pen ${Date.now().toString(36)}`, 1500);
  const buyer = await newShopper(request, 'self-cancelled');
  const orderId = await placeOrderViaApi(request, buyer, product);
  expect(await stockOf(request, product._id)).toBe(4);

  await loginViaUi(page, buyer);
  await page.goto(`/order/${orderId}`);
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('₹1,770.00 is refunded to where you paid it from');
  await expectNoSeriousA11yViolations(page, 'the shopper asked to confirm a cancellation');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expectToast(page, 'Order cancelled: ₹1,770.00 is being refunded');
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await expect(page.getByText('REFUNDED', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  expect(await stockOf(request, product._id)).toBe(5);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaUi(admin, demoAdmin);
  await admin.goto(`/admin/order/${orderId}`);
  await adminPageReady(admin, /Order/);
  const history = admin.getByRole('table', { name: 'Payment history' });
  await expect(history.getByRole('row').nth(2)).toContainText('Refund (cancelled)');
  await expect(history.getByRole('row').nth(2)).toContainText(buyer.name);
  await adminContext.close();
});

test('an admin refunds one of two units: the money and the stock of that unit only', async ({
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Hood ${Date.now().toString(36)}`, 1000);
  const buyer = await newShopper(request, 'refunded-line');
  const orderId = await placeOrderViaApi(request, buyer, product, 2);
  expect(await stockOf(request, product._id)).toBe(3);

  await loginViaUi(page, demoAdmin);
  await page.goto(`/admin/order/${orderId}`);
  await adminPageReady(page, /Order/);
  const form = page.getByRole('form', { name: 'Refund lines' });
  await form.getByLabel(`${product.name} (up to 2)`).fill('1');
  await form.getByRole('button', { name: 'Refund the lines' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expectToast(page, 'Lines Refunded');
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history.getByRole('row').nth(2)).toContainText('Refund (lines)');
  // One unit's ₹1,000 and its 18% GST.
  await expect(history.getByRole('row').nth(2)).toContainText('₹1,180.00');
  await expect(history.getByRole('row').nth(2)).toContainText(`${product.name} × 1, restocked`);
  expect(await stockOf(request, product._id)).toBe(4);
  // The order goes on: it can still be shipped, and the second unit refunded.
  await expect(page.getByRole('form', { name: 'Process Order' })).toBeVisible();
  await expect(form.getByLabel(`${product.name} (up to 1)`)).toBeVisible();
});

test('shipping asks for a carrier and tracking number, and the shopper gets the tracking link', async ({
  browser,
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Bag ${Date.now().toString(36)}`);
  const buyer = await newShopper(request, 'shipped');
  const orderId = await placeOrderViaApi(request, buyer, product);

  await loginViaUi(page, demoAdmin);
  await page.goto(`/admin/order/${orderId}`);
  await adminPageReady(page, /Order/);
  const process = page.getByRole('form', { name: 'Process Order' });
  await process.getByLabel('Status').selectOption('Shipped');
  await process.getByLabel('Carrier (optional)').fill('Delhivery');
  await process.getByLabel('Tracking number (optional)').fill('DL-7788-99');
  await process.getByRole('button', { name: 'Process' }).click();
  await expectToast(page, 'Order Updated Successfully');

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await loginViaUi(shopper, buyer);
  await shopper.goto(`/order/${orderId}`);
  await expect(shopper.getByText(/^Shipped on .+ with Delhivery$/)).toBeVisible();
  const tracking = shopper.getByRole('link', { name: /DL-7788-99/ });
  await expect(tracking).toHaveAttribute('href', 'https://www.delhivery.com/track-v2/package/DL-7788-99');
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(shopper, "the shopper's shipped order");
  await shopperContext.close();
});
