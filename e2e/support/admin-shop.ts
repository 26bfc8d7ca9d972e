import { expect, type APIRequestContext, type Page } from '@playwright/test';
// The checkout rule itself (no zod needed): the payment must be for the total the server computes.
import { priceOrder } from '../../shared-api/src/schemas/pricing.ts';
import { e2ePorts } from './ports.ts';
import { demoAdmin, newAccount, type Account } from './shell-session.ts';

/**
 * Data for the admin tests, made through the api so each test works on rows of its own and the seeded
 * catalog, orders and accounts stay as other suites expect them.
 */
export const api = `http://localhost:${e2ePorts.api}/api/v1`;

export async function apiToken(request: APIRequestContext, account: Account = demoAdmin): Promise<string> {
  const response = await request.post(`${api}/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `login of ${account.email}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new shopper, registered through the api. */
export async function newShopper(request: APIRequestContext, label: string) {
  const account = newAccount(label);
  const response = await request.post(`${api}/auth/register`, { data: account });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { accessToken: string; user: { _id: string } };
  return { ...account, id: body.user._id, token: body.accessToken };
}

/** A 1x1 PNG (or a bigger one) for file inputs. */
export function png(name: string, pixels = 1): { name: string; mimeType: string; buffer: Buffer } {
  const base =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const buffer = Buffer.from(base, 'base64');
  // Padding after the IEND chunk makes a large upload without changing what the picture is.
  return {
    name,
    mimeType: 'image/png',
    buffer: pixels > 1 ? Buffer.concat([buffer, Buffer.alloc(pixels)]) : buffer,
  };
}

/** A product created by the admin through the api (JSON with a data-URL image). */
export async function createProductViaApi(
  request: APIRequestContext,
  name: string,
  price = 1500,
  fields: { category?: string; stock?: number } = {},
) {
  const token = await apiToken(request);
  const response = await request.post(`${api}/admin/product/new`, {
    headers: bearer(token),
    data: {
      name,
      price,
      description: 'Made by an e2e test',
      category: 'Camera',
      stock: 5,
      ...fields,
      images: [`data:image/png;base64,${png('a.png').buffer.toString('base64')}`],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { product: { _id: string; name: string; price: number } }).product;
}

/** An order of one product (one unit unless told), paid with the test card, placed by `buyer` through the api. */
export async function placeOrderViaApi(
  request: APIRequestContext,
  buyer: { token: string; name: string; email: string },
  product: { _id: string; price: number },
  quantity = 1,
): Promise<string> {
  const { totalPaise } = priceOrder([{ pricePaise: Math.round(product.price * 100), quantity }]);
  const intent = await request.post(`${api}/payment/process`, {
    headers: bearer(buyer.token),
    data: { amount: totalPaise },
  });
  const { client_secret } = (await intent.json()) as { client_secret: string };
  const confirmed = await request.post(`${api}/payment/confirm`, {
    data: {
      client_secret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      billing_details: { name: buyer.name, email: buyer.email },
    },
  });
  const { paymentIntent } = (await confirmed.json()) as { paymentIntent: { id: string; status: string } };
  const order = await request.post(`${api}/order/new`, {
    headers: bearer(buyer.token),
    data: {
      orderItems: [{ product: product._id, quantity }],
      shippingInfo: {
        address: '7 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        country: 'IN',
        pinCode: '700016',
        phoneNo: '9830012345',
      },
      paymentInfo: { id: paymentIntent.id, status: paymentIntent.status },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return ((await order.json()) as { order: { _id: string } }).order._id;
}

/** Moves an order one step forward (Processing to Shipped, Shipped to Delivered) as the admin. */
export async function moveOrderViaApi(
  request: APIRequestContext,
  orderId: string,
  status: 'Shipped' | 'Delivered',
): Promise<void> {
  const response = await request.put(`${api}/admin/order/${orderId}`, {
    headers: bearer(await apiToken(request)),
    data: { status },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A review of `productId` written by a new shopper through the api; the shopper is returned. */
export async function reviewViaApi(
  request: APIRequestContext,
  productId: string,
  review: { label: string; rating: number; comment: string },
) {
  const author = await newShopper(request, review.label);
  const sent = await request.put(`${api}/review`, {
    headers: bearer(author.token),
    data: { rating: review.rating, comment: review.comment, productId },
  });
  expect(sent.status()).toBe(200);
  return author;
}

/** The toast with this text (the shell renders every app's toasts). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

/** The admin page has rendered: its h1 is on screen and no skeleton is left. */
export async function adminPageReady(page: Page, heading: string | RegExp) {
  await expect(
    page.locator('[data-remote="admin"]').getByRole('heading', { level: 1, name: heading }),
  ).toBeVisible();
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
}
