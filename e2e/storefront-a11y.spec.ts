import { expect, test } from '@playwright/test';
import { demoShopper, expectNoSeriousA11yViolations, loginViaUi } from './support/shell-session.ts';
import { addToCart, apiToken, fillShipping, ordersOf, productNamed } from './support/storefront.ts';

test('the storefront pages a guest sees have no serious or critical axe violations', async ({
  page,
  request,
}) => {
  const product = await productNamed(request, 'Camera Tripod 60-inch, Aluminium');
  for (const path of [
    '/',
    '/products',
    '/products/shirt?ratings=3',
    `/product/${product._id}`,
    '/search',
    '/product/nope',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  // The sign-in question a guest gets from Add to Cart.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in prompt');
});

test("the checkout and a shopper's orders have no serious or critical axe violations", async ({
  page,
  request,
}) => {
  const product = await productNamed(request, 'Pure Cotton Crew Neck T-Shirt');
  await page.goto('/login');
  await loginViaUi(page, demoShopper);
  await addToCart(page, product._id);
  const check = async (path: string) => {
    await page.waitForLoadState('networkidle');
    // A toast on its way out is half transparent (axe would measure the fade); toasts have their own check.
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 8000 });
    await expect(page.locator('[data-remote="storefront"] h1')).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  };
  await page.goto('/cart');
  await check('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await check('/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/order\/confirm$/);
  // Once the prices are checked (the busy button's faded text is not the page's own contrast).
  await expect(page.getByRole('button', { name: 'Proceed To Payment' })).toBeEnabled();
  await check('/order/confirm');
  await page.getByRole('button', { name: 'Proceed To Payment' }).click();
  await expect(page).toHaveURL(/\/process\/payment$/);
  await check('/process/payment');
  await page.goto('/orders/me');
  await check('/orders/me');
  const [order] = await ordersOf(request, await apiToken(request, demoShopper));
  await page.goto(`/order/${order!._id}`);
  await check('/order/:id');
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('dialog', { name: 'Submit Review' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'review dialog');
});
