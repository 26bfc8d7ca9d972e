import { expect, test } from '@playwright/test';
import {
  adminPageReady,
  createProductViaApi,
  expectToast,
  newShopper,
  placeOrderViaApi,
} from './support/admin-shop.ts';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';

test('an order moves Processing to Shipped to Delivered, and then the Process form is gone', async ({
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Tripod ${Date.now().toString(36)}`);
  const buyer = await newShopper(request, 'order-flow');
  const orderId = await placeOrderViaApi(request, buyer, product);
  await loginViaUi(page, demoAdmin);

  await page.goto('/admin/orders');
  await adminPageReady(page, 'Orders');
  await expect(page).toHaveTitle('Orders | Admin | Shop');
  await page.getByLabel('Search by order id').fill(orderId.slice(-10));
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(orderId.slice(-8));
  await expect(row).toContainText('Processing');
  await row.getByRole('link', { name: `Edit order ${orderId.slice(-8)}` }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/order/${orderId}$`));
  // The buyer's name is also the payer's in the Payment history table once that loads: the
  // Shipping Info's name is the one asserted here.
  await expect(page.getByRole('definition').filter({ hasText: buyer.name })).toBeVisible();
  await expect(page.getByText('7 Park Street, Kolkata, West Bengal, 700016, IN')).toBeVisible();
  await expect(page.getByText('PAID', { exact: true })).toBeVisible();
  const process = page.getByRole('form', { name: 'Process Order' });
  const status = process.getByLabel('Status');
  await expect(status.locator('option')).toHaveText(['Choose status', 'Shipped']);
  await expect(process.getByRole('button', { name: 'Process' })).toBeDisabled();
  await status.selectOption('Shipped');
  await process.getByRole('button', { name: 'Process' }).click();
  await expectToast(page, 'Order Updated Successfully');

  await expect(status.locator('option')).toHaveText(['Choose status', 'Delivered']);
  await status.selectOption('Delivered');
  await process.getByRole('button', { name: 'Process' }).click();
  await expect(page.getByRole('form', { name: 'Process Order' })).toHaveCount(0);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
});

test('an order is deleted after confirmation and the stat cards follow', async ({ page, request }) => {
  const product = await createProductViaApi(request, `E2E Strap ${Date.now().toString(36)}`);
  const buyer = await newShopper(request, 'order-delete');
  const orderId = await placeOrderViaApi(request, buyer, product);
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/orders');
  await adminPageReady(page, 'Orders');
  const total = page.getByRole('region', { name: 'Figures' }).getByText('Total orders').locator('..');
  const before = Number((await total.innerText()).replace(/\D+/g, ''));

  await page.getByLabel('Search by order id').fill(orderId);
  await page.getByRole('button', { name: `Delete order ${orderId.slice(-8)}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this order?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Delete order ${orderId.slice(-8)}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Order Deleted Successfully');
  await expect(page.getByText('No orders match')).toBeVisible();
  await expect(total).toContainText(String(before - 1));
});
