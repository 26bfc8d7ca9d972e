import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/shell-session.ts';

// Issue 28, search as you type: the navbar's box and /search suggest products from two characters on,
// misspellings included, and are driven by the keyboard; Enter on the typed text still lists its literal
// matches (the spec's /products/{keyword}).

test('the navbar box suggests the laptops for "lptop", and the keyboard opens one', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await box.click();
  await box.pressSequentially('lptop');
  const list = page.getByRole('listbox', { name: 'Suggested products' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options.first()).toContainText(/laptop/i);
  // Every line a laptop, with its price and its picture.
  for (const option of await options.all()) {
    await expect(option).toContainText(/laptop/i);
    await expect(option).toContainText('₹');
    await expect(option.locator('img')).toHaveCount(1);
  }
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, 'navbar suggestions', 'header');

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  const name = (await second.locator('p').first().textContent())!;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('Enter on the typed text in the navbar box lists its matches with the suggestions closed', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await box.click();
  await box.pressSequentially('cam');
  const list = page.getByRole('listbox', { name: 'Suggested products' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/cam$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products matching “cam”');
  // The box keeps the text and the focus; the list no longer covers the results until the shopper types.
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('cam');
  await box.press('ArrowDown');
  await expect(list).toBeVisible();
});

test('/search suggests for a misspelling, Escape closes, and Enter keeps the literal keyword', async ({
  page,
}) => {
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: 'Search a product' });
  await box.pressSequentially('camra');
  const list = page.getByRole('listbox', { name: 'Suggested products' });
  await expect(list.getByRole('option').first()).toContainText(/camera/i);
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, '/search suggestions');

  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  // The spec's search: the keyword as typed, matched literally (no product is named "camra").
  await expect(page).toHaveURL(/\/products\/camra$/);
  await expect(page.getByText('No products found')).toBeVisible();
});
