import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import {
  adminPageReady,
  api,
  apiToken,
  bearer,
  createProductViaApi,
  newShopper,
  placeOrderViaApi,
} from './support/admin-shop.ts';
import { demoAdmin, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';

// Issue 29, item 3: the admin's CSV export (products; orders of a date range) and products import, which
// applies every row or none and lists the bad ones.

test.beforeEach(async ({ page }) => {
  await loginViaUi(page, demoAdmin);
});

/** A downloaded CSV's rows, split naively (the e2e files hold no quoted commas), the BOM dropped. */
async function rowsOf(download: Download): Promise<string[][]> {
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

test('Export CSV on the products list downloads every product, price in rupees', async ({
  page,
  request,
}) => {
  const name = `E2E Csv Lamp ${Date.now().toString(36)}`;
  const product = await createProductViaApi(request, name, 1299.5);
  const token = await apiToken(request);
  const figures = await request.get(`${api}/admin/products?page=1&limit=1`, { headers: bearer(token) });
  const { productsCount } = (await figures.json()) as { productsCount: number };

  await page.goto('/admin/products');
  await adminPageReady(page, 'Products');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await rowsOf(download);
  expect(header).toEqual(['id', 'name', 'price', 'description', 'category', 'stock']);
  expect(rows.length).toBeGreaterThanOrEqual(productsCount);
  expect(rows.find((row) => row[0] === product._id)).toEqual([
    product._id,
    name,
    '1299.50',
    'Made by an e2e test',
    'Camera',
    '5',
  ]);
});

test('Export CSV on the orders list downloads the lines of the chosen days', async ({ page, request }) => {
  const product = await createProductViaApi(request, `E2E Csv Pen ${Date.now().toString(36)}`, 250);
  const buyer = await newShopper(request, 'csv-buyer');
  const orderId = await placeOrderViaApi(request, buyer, product);

  await page.goto('/admin/orders');
  await adminPageReady(page, 'Orders');
  const toggle = page.getByRole('button', { name: 'Export CSV' });
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Export orders as CSV' });
  await expect(form.getByLabel('To')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page, '/admin/orders with the export form');

  const downloading = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header = [], ...rows] = await rowsOf(download);
  expect(header.slice(0, 3)).toEqual(['orderId', 'placedAt', 'customerEmail']);
  const line = rows.find((row) => row[0] === orderId);
  expect(line).toBeDefined();
  const cell = (column: string) => line![header.indexOf(column)];
  expect(cell('customerEmail')).toBe(buyer.email.toLowerCase());
  expect(cell('productId')).toBe(product._id);
  expect(cell('quantity')).toBe('1');
  expect(cell('unitPrice')).toBe('250.00');

  // A range long past holds no order: said, not downloaded.
  await form.getByLabel('From').fill('2001-01-01');
  await form.getByLabel('To').fill('2001-01-31');
  await form.getByRole('button', { name: 'Download CSV' }).click();
  await expect(
    page.getByText('No orders were placed in that range: there is nothing to export.'),
  ).toBeVisible();
});

test('Import CSV with one bad row shows it and changes nothing; the file fixed imports whole', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const kept = await createProductViaApi(request, `E2E Csv Kept ${stamp}`, 100);
  const created = `E2E Csv Created ${stamp}`;
  const csv = (badPrice: string) =>
    [
      'id,name,price,description,category,stock',
      `${kept._id},E2E Csv Renamed ${stamp},120,Renamed by import,Camera,9`,
      `,${created},${badPrice},,Laptop,3`,
      `,E2E Csv Other ${stamp},75,,Tops,1`,
      '',
    ].join('\r\n');
  const find = async (name: string) => {
    const response = await request.get(`${api}/products?keyword=${encodeURIComponent(name)}`);
    return ((await response.json()) as { products: { _id: string; name: string; price: number }[] }).products;
  };

  await page.goto('/admin/products');
  await adminPageReady(page, 'Products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const form = page.getByRole('form', { name: 'Import products from CSV' });
  await form.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv('lots')),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was imported' })).toContainText(
    '1 row cannot be imported: nothing was imported',
  );
  const table = page.getByRole('table', { name: 'Rows that cannot be imported' });
  await expect(table.getByRole('row')).toHaveText(['RowReason', '3price: Price must be a number']);
  // The pointer still rests on the Import button: its hover shade keeps AA contrast too (shared-ui recipes).
  await expectNoSeriousA11yViolations(page, '/admin/products with a refused import');
  // Nothing changed: the first row's rename was not applied, the fine rows were not created.
  expect((await find(`E2E Csv Kept ${stamp}`)).map((product) => product.price)).toEqual([100]);
  expect(await find(`E2E Csv Renamed ${stamp}`)).toEqual([]);
  expect(await find(`E2E Csv Other ${stamp}`)).toEqual([]);

  await form.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv('99.5')),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toHaveText(
    'Imported: 2 products created, 1 updated, 0 unchanged.',
  );
  expect((await find(`E2E Csv Renamed ${stamp}`)).map((product) => product._id)).toEqual([kept._id]);
  expect((await find(created)).map((product) => product.price)).toEqual([99.5]);
  // The list shows the imported products.
  await page.getByLabel('Search products by name or id').fill(stamp);
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page, '/admin/products after an import');
});
