import { expect, test } from '@playwright/test';
import { adminPageReady, createProductViaApi, expectToast, reviewViaApi } from './support/admin-shop.ts';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';

test('the review search starts by itself at 24 characters; figures, filter and delete', async ({
  page,
  request,
}) => {
  const product = await createProductViaApi(request, `E2E Reviewed ${Date.now().toString(36)}`);
  const reviews = [
    { label: 'rev-a', rating: 5, comment: 'Sharp and light' },
    { label: 'rev-b', rating: 4, comment: 'Good value' },
  ];
  for (const review of reviews) await reviewViaApi(request, product._id, review);

  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/reviews');
  await adminPageReady(page, 'Reviews');
  await expect(page.getByText('Enter a product ID above to search for reviews')).toBeVisible();

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/admin/reviews?')) asked.push(request.url());
  });
  const box = page.getByLabel('Product ID');
  await box.pressSequentially(product._id.slice(0, 23));
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);
  await box.press(product._id.at(-1)!);
  const table = page.getByRole('table', { name: 'Reviews of the product' });
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(asked).toHaveLength(1);
  // Which product they are of, by its name and not only by the id typed above.
  await expect(table.getByRole('cell', { name: product.name, exact: true })).toHaveCount(2);

  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(figures).toContainText('Total reviews2');
  await expect(figures).toContainText('Average rating4.5');
  await expect(figures).toContainText('5-star reviews1');

  await page.getByLabel('Filter by name, comment or id').fill('value');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await row.getByRole('button', { name: /^Delete the review by/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Review Deleted Successfully');
  await expect(figures).toContainText('Total reviews1');
  await expect(page).toHaveURL(new RegExp(`/admin/reviews\\?product=${product._id}$`));
});

test("an unknown product id shows the server's message", async ({ page }) => {
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/reviews');
  await page.getByLabel('Product ID').fill('0'.repeat(24));
  await expect(page.getByRole('alert')).toContainText('Product not found');
});
