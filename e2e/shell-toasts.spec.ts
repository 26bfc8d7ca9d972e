import { expect, test, type Page } from '@playwright/test';

/** The login screen shows a stored logout message as an error toast: a toast without signing in. */
async function showToast(page: Page, message: string) {
  await page.goto('/about');
  await page.evaluate((text) => sessionStorage.setItem('logoutMessage', text), message);
  await page.goto('/login');
  const toast = page.getByTestId('toast').filter({ hasText: message });
  await expect(toast).toBeVisible();
  return toast;
}

test('a toast is announced and dismisses itself after 5 seconds', async ({ page }) => {
  const toast = await showToast(page, 'Timer toast');
  await expect(toast).toHaveAttribute('role', 'alert');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).locator('[aria-live="polite"]'),
  ).toHaveCount(1);
  await page.mouse.move(0, 0);
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 8000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3500);
});

test('a toast closes with its close button', async ({ page }) => {
  const toast = await showToast(page, 'Close me');
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
});

test('a toast is dismissed by swiping it right', async ({ page }) => {
  const toast = await showToast(page, 'Swipe me');
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 40 + step * 25, y);
  await page.mouse.up();
  await expect(toast).toBeHidden({ timeout: 2000 });
});
