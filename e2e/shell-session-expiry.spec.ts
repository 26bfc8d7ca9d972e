import { expect, test } from '@playwright/test';
import { apiBaseUrl, newAccount, registerViaUi } from './support/shell-session.ts';

test('a call with a revoked session lands on /login with the logout message shown once', async ({ page }) => {
  const account = newAccount('revoked');
  await page.goto('/login');
  // A sign-in starts the cart's sync, whose first call (GET /cart) must be answered before the session is
  // revoked below: else that call's 401 sends the page to /login before the click this test is about
  // (seen once in CI: the button was gone, the toast already shown and dismissed).
  const cartSynced = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && new URL(response.url()).pathname.endsWith('/api/v1/cart'),
  );
  await registerViaUi(page, account);
  await expect(page).toHaveURL(/\/account$/);
  expect((await cartSynced).ok()).toBe(true);

  // Sign this session out behind the page's back (as a logout in another tab would).
  const api = await apiBaseUrl(page);
  const revoked = await page.context().request.post(`${api}/auth/logout`);
  expect(revoked.ok()).toBe(true);

  // The page still believes it is signed in; its next api call answers 401.
  await page.getByRole('button', { name: 'Promote to Admin' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const toast = page.getByTestId('toast').filter({ hasText: 'Session expired. Please login again.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-kind', 'error');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  // Once: a reload of /login does not show it again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // And the revoked session is really gone: a guarded page asks for a login.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});

test("an expired token's 401 carries the server's message to /login", async ({ page }) => {
  const account = newAccount('expired');
  await page.goto('/login');
  await registerViaUi(page, account);
  // Whatever the call, a 401 is handled the same way; here the api is made to answer one.
  await page.route('**/api/v1/promote-to-admin', (route) =>
    route.fulfill({ status: 401, json: { success: false, message: 'Your session has expired' } }),
  );
  await page.getByRole('button', { name: 'Promote to Admin' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast').filter({ hasText: 'Your session has expired' })).toBeVisible();
});
