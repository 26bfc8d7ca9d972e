import { expect, test } from '@playwright/test';
import { SCREENS } from '../scripts/bench/page-weight.ts';
import { logoutViaUi, newAccount, registerViaUi } from './support/shell-session.ts';
import {
  addToCart,
  fillShipping,
  hydrated,
  productList,
  productNamed,
  storefront,
  toPayment,
  type ListedProduct,
} from './support/storefront.ts';

// What a shopper tripped over on main (issue 23): each test failed there.

const TSHIRT = 'Pure Cotton Crew Neck T-Shirt'; // ₹399
const CASE = 'Phone Case with Stand'; // ₹149

test("the header shows the cart's count inside its badge, where it can be read", async ({
  page,
  request,
}) => {
  const phoneCase = await productNamed(request, CASE);
  await registerViaUi(page, newAccount('badge'));
  await addToCart(page, phoneCase._id);
  const count = page.getByTestId('cart-count');
  await expect(count).toHaveText('1');
  // The number's glyphs, not its element: a line box taller than the disc drew them below it, unseen.
  const glyphsInsideBadge = await count.evaluate((badge) => {
    const text = document.createRange();
    text.selectNodeContents(badge);
    const glyphs = text.getBoundingClientRect();
    const disc = badge.getBoundingClientRect();
    return (
      glyphs.top >= disc.top - 1 &&
      glyphs.bottom <= disc.bottom + 1 &&
      glyphs.left >= disc.left - 1 &&
      glyphs.right <= disc.right + 1
    );
  });
  expect(glyphsInsideBadge).toBe(true);
});

test('signing out leaves nothing personal: the next account sees no cart and no address', async ({
  page,
  request,
}) => {
  const tshirt = await productNamed(request, TSHIRT);
  await registerViaUi(page, newAccount('first'));
  await addToCart(page, tshirt._id);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/order\/confirm$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await logoutViaUi(page);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('cartItems'), localStorage.getItem('shippingInfo')]),
  ).toEqual([null, null]);

  await registerViaUi(page, newAccount('second'));
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('No Product in Your Cart')).toBeVisible();
  // With a line of its own, the shipping form opens empty: no address, no phone of the last account.
  await addToCart(page, tshirt._id);
  await page.goto('/shipping');
  await expect(page.getByLabel('Address')).toHaveValue('');
  await expect(page.getByLabel('Phone Number')).toHaveValue('');
});

test('a link followed from far down a page opens the next page at its top; back returns to where it was', async ({
  page,
}) => {
  await page.setViewportSize(SCREENS.phone);
  await page.goto('/');
  await hydrated(page);
  const viewAll = storefront(page).getByRole('link', { name: 'View All Products' });
  await viewAll.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await viewAll.click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(left + 5);
});

test('an email typed the moment the forgot-password form appears is never lost', async ({ page }) => {
  for (let attempt = 1; attempt <= 12; attempt++) {
    await page.goto('/password/forgot', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(`early.${attempt}@example.com`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByText('Please check your email for password reset instructions.'),
      `try ${attempt}`,
    ).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);
  }
});

test('a second review opens with the first, says Update review, and shows the date of the change', async ({
  page,
  request,
}) => {
  const product = await productNamed(request, CASE);
  const account = newAccount('reviewer');
  // The card's text that is this run's alone (earlier runs leave their reviews on the product).
  const mark = account.email.split('@')[0]!;
  await registerViaUi(page, account);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /4 stars?/i }).click();
  await dialog.getByLabel('Comment').fill(`Sturdy, and the stand holds. ${mark}`);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Review submitted successfully' })).toBeVisible();

  await page.getByRole('button', { name: 'Update review' }).click();
  await expect(dialog.getByRole('heading', { name: 'Update review' })).toBeVisible();
  await expect(dialog.getByLabel('Comment')).toHaveValue(`Sturdy, and the stand holds. ${mark}`);
  await expect(dialog.getByRole('radio', { name: /4 stars?/i })).toBeChecked();
  await dialog.getByLabel('Comment').fill(`Sturdy; the stand loosened after a month. ${mark}`);
  await dialog.getByRole('button', { name: 'Update' }).click();
  const mine = storefront(page).getByRole('article').filter({ hasText: mark });
  await expect(mine).toContainText(`Sturdy; the stand loosened after a month. ${mark}`);
  await expect(mine).toContainText(/Updated \w+ \d{1,2}, \d{4}/);
  // Replaced, not added.
  await expect(mine).toHaveCount(1);
});

test('a product card says Out of Stock when nothing is left', async ({ page, request }) => {
  const all: ListedProduct[] = [];
  const first = await productList(request);
  const pages = Math.ceil(first.filteredProductsCount / first.resultPerPage);
  for (let n = 1; n <= pages; n++) all.push(...(await productList(request, `page=${n}`)).products);
  const soldOut = all.find((product) => product.stock < 1)!;
  const inStock = all.find((product) => product.stock > 0)!;
  await page.goto(`/products/${encodeURIComponent(soldOut.name)}`);
  const card = (name: string) => storefront(page).getByTestId('product-card').filter({ hasText: name });
  await expect(card(soldOut.name)).toContainText('Out of Stock');
  await page.goto(`/products/${encodeURIComponent(inStock.name)}`);
  await expect(card(inStock.name).first()).not.toContainText('Out of Stock');
});

test('the payment page shows what is paid for: lines, shipping, GST and the total of the Pay button', async ({
  page,
  request,
}) => {
  const tshirt = await productNamed(request, TSHIRT);
  await registerViaUi(page, newAccount('summary'));
  await addToCart(page, tshirt._id, 2);
  await toPayment(page);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('list', { name: 'Your order' })).toContainText(TSHIRT);
  await expect(summary).toContainText('2 × ₹399.00');
  // ₹798: shipping ₹200 (not above ₹1,000), GST 18% = ₹143.64, total ₹1,141.64.
  await expect(summary).toContainText('Shipping Charges₹200.00');
  await expect(summary).toContainText('GST (18%)₹143.64');
  await expect(summary.getByTestId('order-total')).toHaveText('₹1,141.64');
  await expect(page.getByRole('button', { name: 'Pay - ₹1,141.64' })).toBeVisible();
});

test('cart steppers stand in one place in every line, and review stars are 44 px targets on a phone', async ({
  page,
  request,
}) => {
  const tshirt = await productNamed(request, TSHIRT);
  const laptop = (await productList(request, 'category=Laptop')).products.find(
    (product) => product.stock > 0,
  )!;
  await registerViaUi(page, newAccount('stepper'));
  await addToCart(page, tshirt._id);
  await addToCart(page, laptop._id);
  await page.goto('/cart');
  const decrease = page.getByRole('button', { name: 'Decrease quantity' });
  await expect(decrease).toHaveCount(2);
  const [a, b] = await Promise.all([decrease.nth(0).boundingBox(), decrease.nth(1).boundingBox()]);
  expect(Math.abs(a!.x - b!.x)).toBeLessThanOrEqual(1);

  await page.setViewportSize(SCREENS.phone);
  await page.goto(`/product/${tshirt._id}`);
  await page.getByRole('button', { name: /Submit Review|Update review/ }).click();
  const stars = page.getByRole('dialog').getByRole('radio');
  await expect(stars).toHaveCount(5);
  // Measured once the dialog has finished opening (it grows into place).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  for (const box of await Promise.all((await stars.all()).map((star) => star.boundingBox()))) {
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
});

test('the header shows the cart with its count, and the Add to Cart notice leads to it', async ({
  page,
  request,
}) => {
  const tshirt = await productNamed(request, TSHIRT);
  await registerViaUi(page, newAccount('header-cart'));
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.goto(`/product/${tshirt._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByTestId('toast').getByRole('button', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
});
