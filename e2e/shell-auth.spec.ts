import { expect, test } from '@playwright/test';
import { demoShopper, loginViaUi, logoutViaUi, newAccount, registerViaUi } from './support/shell-session.ts';

test('register, log out, log in again with the demo shopper and return to the guarded page', async ({
  page,
}) => {
  // A guest opening a signed-in page is sent to /login with the page as the return address.
  await page.goto('/password/update');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpassword%2Fupdate$/);

  const account = newAccount('register');
  await registerViaUi(page, account);
  await expect(page).toHaveURL(/\/password\/update$/);
  await expect(page.getByRole('heading', { name: 'Update Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible();

  await logoutViaUi(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Logout Successfully' })).toBeVisible();

  await page.goto('/me/update');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fme%2Fupdate$/);
  await loginViaUi(page, demoShopper);
  await expect(page).toHaveURL(/\/me\/update$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demoShopper.email);

  // The session survives a reload (refresh cookie), and /login sends a signed-in visitor on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
});

test('a wrong password is answered on the form, not with a logout redirect', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(demoShopper.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('registering an email that exists shows the server message', async ({ page }) => {
  await page.goto('/login');
  await registerAttempt();
  await expect(page.getByRole('alert').filter({ hasText: 'Email is already registered' })).toBeVisible();

  async function registerAttempt() {
    await page.getByRole('tab', { name: 'REGISTER' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Someone');
    await page.getByLabel('Email', { exact: true }).fill(demoShopper.email);
    await page.getByLabel('Password', { exact: true }).fill('Secret-12345');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
  }
});

test('several tabs opened at once all stay signed in (refreshes do not race)', async ({ page, context }) => {
  await loginViaUi(page, demoShopper);
  const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
  await Promise.all(tabs.map((tab) => tab.goto('/account')));
  for (const tab of tabs) await expect(tab.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await tabs[0]!.goto('/password/update');
  await expect(tabs[0]!.getByRole('heading', { name: 'Update Password' })).toBeVisible();
});
