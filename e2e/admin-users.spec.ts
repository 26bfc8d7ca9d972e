import { expect, test } from '@playwright/test';
import { adminPageReady, api, expectToast, newShopper } from './support/admin-shop.ts';
import { demoAdmin, loginViaUi } from './support/shell-session.ts';

test('a user is searched, renamed and made admin, then deleted and can no longer sign in', async ({
  page,
  request,
}) => {
  const user = await newShopper(request, 'managed');
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/users');
  await adminPageReady(page, 'Users');
  await expect(page).toHaveTitle('Users | Admin | Shop');
  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(figures.getByText('Customers')).toBeVisible();

  await page.getByLabel('Search by name, email or id').fill(user.email);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: `Edit ${user.name}` }).click();
  await adminPageReady(page, 'Update User');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByLabel('Name').fill(`${user.name} Renamed`);
  await page.getByLabel('Role').selectOption('admin');
  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'User Updated Successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);

  await page.getByLabel('Search by name, email or id').fill(user.id);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(`${user.name} Renamed`);
  await expect(row).toContainText('Admin');
  await row.getByRole('button', { name: `Delete ${user.name} Renamed` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this user?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'User Deleted Successfully');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const login = await request.post(`${api}/auth/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(401);
});

test("the admin's own account cannot be deleted: the server's message shows in an alert", async ({
  page,
}) => {
  await loginViaUi(page, demoAdmin);
  await page.goto('/admin/users');
  await page.getByLabel('Search by name, email or id').fill(demoAdmin.email);
  await page.getByRole('button', { name: `Delete ${demoAdmin.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You cannot delete your own account' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users/);
});
