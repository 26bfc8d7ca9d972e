import { expect, test } from '@playwright/test';
import { newAccount, registerViaUi } from './support/shell-session.ts';
import { addToCart, hydrated, productNamed, storefront } from './support/storefront.ts';

test('the api down while a shopper browses: errors with Retry, a bounded number of tries, the cart intact, and all back when it returns', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await productNamed(request, 'Pure Cotton Crew Neck T-Shirt');
  const account = newAccount('outage');
  await page.goto('/login');
  await registerViaUi(page, account);
  await addToCart(page, product._id, 2);

  // The api stops answering the browser: every call is refused, as from a server that is down. (The page
  // server still reaches it and renders the page the shopper is on; what the browser asks for next fails.)
  await page.goto('/products');
  await hydrated(page);
  let apiCalls = 0;
  await page.route('**/api/v1/**', (route) => {
    apiCalls += 1;
    return route.abort('connectionrefused');
  });

  await page.getByRole('button', { name: 'Tops' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to get products');
  await expect(storefront(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Then quiet: no request loop while the shopper reads the message (one try and two retries, backed off).
  const afterError = apiCalls;
  await page.waitForTimeout(6000);
  expect(apiCalls - afterError).toBe(0);
  expect(afterError).toBeLessThanOrEqual(4);

  // Back to the list the page server rendered (the app keeps it), and on to a product the browser must ask for.
  await page.goBack();
  await storefront(page).getByTestId('product-card').first().getByRole('link').first().click();
  await expect(storefront(page).getByRole('alert')).toContainText('Failed to get product details');

  // A reload cannot restore the session while the api is down: the page says so (never a blank page,
  // never a guest's /login), and the sign-in and the cart are kept for when it is back.
  await page.goto('/cart');
  await expect(page.getByRole('alert')).toContainText('The shop cannot be reached right now');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  // The api is back: the session and the cart are there again, and so is every page.
  await page.unroute('**/api/v1/**');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${product.name}` })).toHaveValue('2');
  await page.goto('/products?category=Tops');
  await expect(storefront(page).getByTestId('product-card').first()).toBeVisible();
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goto('/orders/me');
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/me$/);
});
