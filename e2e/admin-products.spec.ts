import { expect, test } from '@playwright/test';
import { adminPageReady, api, createProductViaApi, expectToast, png } from './support/admin-shop.ts';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';

test.beforeEach(async ({ page }) => {
  await loginViaUi(page, demoAdmin);
});

test('a product created with two images shows in the catalog, then is updated and deleted', async ({
  page,
  request,
}) => {
  const name = `E2E Lens ${Date.now().toString(36)}`;
  await page.goto('/admin/product/new');
  await adminPageReady(page, 'New Product');
  await expect(page).toHaveTitle('New Product | Admin | Shop');

  // The rules first: name, price and stock are required.
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Please enter product name')).toBeVisible();
  await expect(page.getByText('Please enter a price')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (₹)').fill('2499');
  await page.getByLabel('Stock').fill('6');
  await page.getByLabel('Description').fill('A lens with two pictures');
  await page.getByLabel('Category').selectOption('Camera');
  await page.getByLabel('Images').setInputFiles([png('front.png'), png('back.png')]);
  await expect(page.getByRole('img', { name: 'Preview of front.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of back.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expectToast(page, 'Product Created Successfully');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // In the storefront's catalog: the page a shopper sees, with both pictures on its product page.
  const listed = await request.get(`${api}/products?keyword=${encodeURIComponent(name)}`);
  const { products } = (await listed.json()) as {
    products: { _id: string; name: string; images: unknown[] }[];
  };
  expect(products.map((product) => product.name)).toEqual([name]);
  expect(products[0]!.images).toHaveLength(2);
  const id = products[0]!._id;
  await page.goto(`/products/${encodeURIComponent(name)}`);
  await page.locator('[data-remote="storefront"]').getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(page.getByRole('button', { name: 'Show image 2 of 2' })).toBeVisible();

  // Update: the form shows the current images; the list refreshes with the new stock.
  await page.goto(`/admin/product/${id}`);
  await adminPageReady(page, 'Update Product');
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('img', { name: `${name}, image 2` })).toBeVisible();
  await page.getByLabel('Stock').fill('0');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Product Updated Successfully');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByLabel('Search products by name or id').fill(name);
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // Delete, confirmed.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this product?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Product Deleted Successfully');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect((await request.get(`${api}/product/${id}`)).status()).toBe(404);
});

test('the products table pages 13 at a time and refuses a file that is not an image', async ({ page }) => {
  await page.goto('/admin/products');
  await adminPageReady(page, 'Products');
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row')).toHaveCount(14);
  const pages = page.getByRole('navigation', { name: 'Products pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/product/new');
  await page.getByLabel('Images').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Only image files are allowed (PNG, JPEG, GIF or WebP)')).toBeVisible();
});

test("a product's edit page shows the api's message for an unknown id", async ({ page, request }) => {
  const product = await createProductViaApi(request, `E2E Gone ${Date.now().toString(36)}`);
  await page.goto(`/admin/product/${product._id.replace(/^./, product._id.startsWith('0') ? '1' : '0')}`);
  await expect(page.getByRole('alert')).toContainText('Product not found');
});
