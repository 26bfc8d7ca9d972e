import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { ShopApp } from '../../src/app.ts';
import { products, users } from '../../src/db/schema.ts';
import { newId } from '../../src/db/ids.ts';
import { encodePng } from '../../src/seed/png.ts';
import { DEMO_SHIPPING_INFO } from '../../src/seed/seed.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${counter++}@example.com`;

export interface SignedIn {
  token: string;
  userId: string;
  email: string;
  cookie: string;
  auth: { authorization: string };
}

function refreshCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((entry) => entry.name === 'shop_refresh');
  return cookie ? `shop_refresh=${cookie.value}` : '';
}

/** A register or login answer as the signed-in caller tests act as. */
function signedInFrom(
  response: { statusCode: number; body: string; json(): { accessToken: string; user: { _id: string } } } & {
    cookies: { name: string; value: string }[];
  },
  email: string,
  expected: number,
  what: string,
): SignedIn {
  if (response.statusCode !== expected)
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return {
    token: body.accessToken,
    userId: body.user._id,
    email,
    cookie: refreshCookieOf(response),
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}

export async function register(
  app: ShopApp,
  options: { name?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: options.name ?? 'Test User', email, password: options.password ?? 'Password123' },
  });
  return signedInFrom(response, email, 201, 'register');
}

export async function login(app: ShopApp, email: string, password: string): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  return signedInFrom(response, email, 200, 'login');
}

/** A registered user made admin directly in the database. */
export async function registerAdmin(app: ShopApp) {
  const admin = await register(app, { name: 'Test Admin', email: uniqueEmail('admin') });
  await app.shop.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
}

export async function addProduct(
  app: ShopApp,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<typeof products.$inferSelect> {
  const [row] = await app.shop.db
    .insert(products)
    .values({
      id: newId(),
      name: `Test Product ${counter++}`,
      pricePaise: 50000,
      description: 'A product for tests',
      category: 'Laptop',
      stock: 10,
      images: [{ url: '/uploads/products/test.png' }],
      ...values,
    })
    .returning();
  app.shop.catalogCache.invalidate([row!.id]);
  return row!;
}

/** Creates a payment intent for `amountPaise` and confirms it with a test card; answers the intent id. */
export async function pay(app: ShopApp, buyer: SignedIn, amountPaise: number, card = '4242424242424242') {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/process',
    headers: buyer.auth,
    payload: { amount: amountPaise },
  });
  if (created.statusCode !== 200) throw new Error(`payment/process failed: ${created.body}`);
  const clientSecret: string = created.json().client_secret;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/confirm',
    payload: {
      client_secret: clientSecret,
      card: { number: card, expiry: '12/34', cvc: '123' },
      billing_details: { name: 'Test Buyer', email: buyer.email },
    },
  });
  return { intentId: clientSecret.split('_secret_')[0]!, clientSecret, confirmed };
}

export const shippingInfo = DEMO_SHIPPING_INFO;

/** The checkout total in paise for the given lines (shipping 200 rupees up to 1,000; GST 18%). */
export function totalPaiseOf(lines: { pricePaise: number; quantity: number }[]) {
  const items = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  return items + Math.round(items * 0.18) + (items > 100000 ? 0 : 20000);
}

export const tinyPng = () => encodePng(4, 4, () => [200, 30, 30]);
export const pngDataUrl = () => `data:image/png;base64,${tinyPng().toString('base64')}`;

/** GET /products with a query string; status and parsed body. */
export async function listProducts(app: ShopApp, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/products${query}` });
  return { status: response.statusCode, body: response.json() };
}

export const productNames = (body: { products: { name: string }[] }) =>
  body.products.map((product) => product.name);

/** POST /order/new as the storefront sends it: these lines, shipped to `shippingInfo`, paid by `intentId`. */
export const newOrderRequest = (
  buyer: SignedIn,
  orderItems: { product: string; quantity: number }[],
  intentId: string,
) =>
  ({
    method: 'POST',
    url: '/api/v1/order/new',
    headers: buyer.auth,
    payload: { orderItems, shippingInfo, paymentInfo: { id: intentId, status: 'succeeded' } },
  }) satisfies InjectOptions;

/** One unit of a new product, paid for by `buyer` and ordered: answers the order's and product's ids. */
export async function placePaidOrder(app: ShopApp, buyer: SignedIn, pricePaise = 50_000) {
  const product = await addProduct(app, { pricePaise, stock: 5 });
  const { intentId } = await pay(app, buyer, totalPaiseOf([{ pricePaise, quantity: 1 }]));
  const response = await app.inject(newOrderRequest(buyer, [{ product: product.id, quantity: 1 }], intentId));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return { orderId: response.json().order._id as string, productId: product.id, intentId };
}

/** POST /order/cash-on-delivery as the storefront sends it: these lines, shipped to `to`. */
export const cashOrderRequest = (
  buyer: SignedIn,
  orderItems: { product: string; quantity: number }[],
  to: Partial<typeof shippingInfo> = {},
) =>
  ({
    method: 'POST',
    url: '/api/v1/order/cash-on-delivery',
    headers: buyer.auth,
    payload: { orderItems, shippingInfo: { ...shippingInfo, ...to } },
  }) satisfies InjectOptions;
