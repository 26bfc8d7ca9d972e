import { expect, test, type Page } from '@playwright/test';
import { newShopper } from './support/admin-shop.ts';
import { loginViaUi } from './support/shell-session.ts';
import { productList, type ListedProduct } from './support/storefront.ts';

// Issue 28: the cart follows a signed-in shopper from one device to another. Two browser contexts are two
// devices (their own storage, their own session) signed in to the same account.

async function addToCart(page: Page, product: ListedProduct, quantity: number) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  for (let n = 1; n < quantity; n += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item Added To Cart').first()).toBeVisible();
}

/**
 * The cart page's lines as [name, quantity], in order, read in one go: the sync may replace the lines while
 * they are read, and a line read one locator at a time could then wait for a line that went.
 */
async function cartLines(page: Page) {
  const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  return lines.evaluateAll((items) =>
    items.map((item) => [
      item.querySelector('a')?.textContent ?? '',
      item.querySelector('input')?.value ?? '',
    ]),
  );
}

test('a cart filled on one device is there on another after sign-in, merged with what that browser held', async ({
  browser,
  request,
}) => {
  const shopper = await newShopper(request, 'cart-sync');
  const [kept, both, laptopOnly] = (await productList(request, 'page=1')).products
    .filter((product) => product.stock >= 5)
    .slice(0, 3) as [ListedProduct, ListedProduct, ListedProduct];
  expect(laptopOnly).toBeDefined();

  // The phone: signed in, fills the cart.
  const phone = await (await browser.newContext()).newPage();
  await loginViaUi(phone, shopper);
  await addToCart(phone, kept, 1);
  await addToCart(phone, both, 2);

  // The laptop holds a cart from before sign-in (the browser's `cartItems`): 3 of a product the phone has
  // 2 of, and one the phone has not.
  const laptopContext = await browser.newContext();
  const line = (product: ListedProduct, quantity: number) => ({
    product: product._id,
    name: product.name,
    price: product.price,
    image: product.images[0]?.url ?? '',
    stock: product.stock,
    quantity,
  });
  await laptopContext.addInitScript(
    (lines) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('cartItems', JSON.stringify(lines));
        sessionStorage.setItem('seeded', '1');
      }
    },
    [line(both, 3), line(laptopOnly, 1)],
  );
  const laptop = await laptopContext.newPage();
  await laptop.goto('/login');
  await loginViaUi(laptop, shopper);
  await laptop.goto('/cart');
  const merged = [
    [kept.name, '1'],
    [both.name, '3'],
    [laptopOnly.name, '1'],
  ];
  await expect.poll(() => cartLines(laptop)).toEqual(merged);

  // The phone, reloaded, shows the merged cart: nothing it had was lost, the larger quantity won.
  await phone.goto('/cart');
  await expect.poll(() => cartLines(phone)).toEqual(merged);

  // The last change wins: the phone removes a line, and the laptop, reloaded, has it gone too.
  await phone.getByRole('button', { name: `Remove ${kept.name} from the cart` }).click();
  await expect.poll(() => cartLines(phone)).toEqual(merged.slice(1));
  await expect
    .poll(async () => {
      await laptop.reload();
      return cartLines(laptop);
    })
    .toEqual(merged.slice(1));

  // And the laptop's change reaches the phone.
  await laptop
    .getByRole('group', { name: `Quantity of ${both.name}` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect
    .poll(async () => {
      await phone.reload();
      return cartLines(phone);
    })
    .toEqual([
      [both.name, '4'],
      [laptopOnly.name, '1'],
    ]);
});
