import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePorts } from './ports.ts';
import type { Account } from './shell-session.ts';

export const api = `http://localhost:${e2ePorts.api}/api/v1`;

/** A price as the shop shows it: rupees in Indian grouping. */
export const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);

export interface ListedProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
  ratings: number;
  numOfReviews: number;
  category: string;
  images: { url: string }[];
}

/** The api's own answer for a product list query (the figures the page must agree with). */
export async function productList(request: APIRequestContext, query = '') {
  const response = await request.get(`${api}/products?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    products: ListedProduct[];
    productsCount: number;
    resultPerPage: number;
    filteredProductsCount: number;
  };
}

export async function productNamed(request: APIRequestContext, name: string): Promise<ListedProduct> {
  const { products } = await productList(request, `keyword=${encodeURIComponent(name)}`);
  const product = products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  return product;
}

/** A bearer token for api calls made by the test itself (never by the page). */
export async function apiToken(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post(`${api}/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export interface PlacedOrder {
  _id: string;
  paymentInfo: { id: string; status: string };
  totalPrice: number;
  orderItems: { name: string; quantity: number }[];
}

export async function ordersOf(request: APIRequestContext, token: string): Promise<PlacedOrder[]> {
  const response = await request.get(`${api}/orders/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { orders: PlacedOrder[] }).orders;
}

/**
 * Waits until React has taken the server-rendered page over (it claims the server's elements), so that a
 * link is followed by the app instead of by the browser (which would ask the page server for the page).
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('[data-remote="storefront"]') ?? {}).some((key) =>
          key.startsWith('__reactFiber$'),
        ),
      ),
    )
    .toBe(true);
}

/** The storefront's part of the page (the shell draws the frame around it). */
export const storefront = (page: Page) => page.locator('[data-remote="storefront"]');

/** Adds a product to the cart from its page (signed in), `quantity` set with the stepper. */
export async function addToCart(page: Page, productId: string, quantity = 1): Promise<void> {
  await page.goto(`/product/${productId}`);
  for (let n = 1; n < quantity; n += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Item Added To Cart' })).toBeVisible();
}

/** Shipping details that pass every rule. */
export async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel('Address').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pin Code').fill('560001');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('State').selectOption('Karnataka');
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** From the cart to the payment page: shipping filled, the order confirmed. */
export async function toPayment(page: Page): Promise<void> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/order\/confirm$/);
  await page.getByRole('button', { name: 'Proceed To Payment' }).click();
  await expect(page).toHaveURL(/\/process\/payment$/);
  await expect(page.getByRole('heading', { name: 'Card Info' })).toBeVisible();
}
