import { expect, test } from '@playwright/test';
import { startOwnIdentityShop } from './support/own-identity-shop.ts';
import { demoShopper, loginViaUi, logoutViaUi, newAccount, registerViaUi } from './support/shell-session.ts';

// A 1x1 PNG: the avatar upload needs a real image.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('profile update: validation, new name and avatar, back on /account with history replaced', async ({
  page,
}) => {
  const account = newAccount('profile');
  await page.goto('/login');
  await registerViaUi(page, account);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/me\/update$/);

  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page
    .getByLabel('Avatar')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  // The form kit checks a picked file on submit, with the other fields.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Avatar must be an image file')).toBeVisible();
  await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: "New's avatar" })).toHaveAttribute('src', /^data:image\/png/);

  await page.getByLabel('Name', { exact: true }).fill('Renamed Shopper');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile Updated Successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Renamed Shopper', { exact: true })).toBeVisible();
  const avatar = page.getByRole('img', { name: "Renamed Shopper's avatar" }).first();
  await expect(avatar).not.toHaveAttribute('src', '/profile.png');

  // /account replaced /me/update: Back goes to the page before the form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/me\/update$/);
});

test('password change end to end: the rules, the change, the old password refused', async ({ page }) => {
  const account = newAccount('password');
  await page.goto('/login');
  await registerViaUi(page, account);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/password\/update$/);

  const fill = async (oldPassword: string, next: string, confirm: string) => {
    await page.getByLabel('Old Password').fill(oldPassword);
    await page.getByLabel('New Password').fill(next);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Change Password' }).click();
  };
  await fill(account.password, 'Another-12345', 'Another-99999');
  await expect(page.getByText('New passwords do not match!')).toBeVisible();
  await fill(account.password, 'short', 'short');
  await expect(page.getByText('New password must be at least 8 characters long!')).toBeVisible();
  await fill('wrong-old-password', 'Another-12345', 'Another-12345');
  await expect(page.getByRole('alert').filter({ hasText: 'Old password is incorrect' })).toBeVisible();

  await fill(account.password, 'Another-12345', 'Another-12345');
  await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/, { timeout: 5000 });

  await logoutViaUi(page);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await loginViaUi(page, { email: account.email, password: 'Another-12345' });
  await expect(page).toHaveURL(/\/account$/);
});

test('password reset end to end with the link the api writes to its log', async ({ page }) => {
  test.setTimeout(150_000);
  const shop = await startOwnIdentityShop();
  try {
    await page.goto(`${shop.url}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/password\/forgot$/);
    await page.getByRole('button', { name: 'Send' }).click();
    // A field's message sits under its field (the form kit), not in an alert box.
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(demoShopper.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Please check your email for password reset instructions.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    const link = await shop.resetLinkFor(demoShopper.email);
    expect(link.startsWith(`${shop.url}/password/reset/`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('New Password').fill('Fresh-Start-1');
    await page.getByLabel('Confirm Password').fill('Fresh-Start-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match!')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Fresh-Start-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password reset successfully!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    // The link works once; the new password signs in.
    await page.goto(link);
    await page.getByLabel('New Password').fill('Fresh-Start-3');
    await page.getByLabel('Confirm Password').fill('Fresh-Start-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /invalid or has expired/ })).toBeVisible();
    await page.goto(`${shop.url}/login`);
    await loginViaUi(page, { email: demoShopper.email, password: 'Fresh-Start-1' });
    await expect(page).toHaveURL(/\/account$/);
  } finally {
    await shop.close();
  }
});
