import {
  addProduct,
  pay,
  register,
  placePaidOrder,
  shippingInfo,
  totalPaiseOf,
  uniqueEmail,
  type SignedIn,
} from './shop.ts';
import { issueResetToken } from '../../src/auth/reset-tokens.ts';
import { signedWebhook } from '../../src/payment-gateways/local-upi-gateway.ts';
import type { UsedTestApp } from './test-app.ts';

// The authorization matrix's rows (authorization-matrix.test.ts): for every route of the api's route
// table, who it lets in and a request that would succeed for someone allowed.

/** Who a route lets in, written by hand for each route (the route table's `access` must agree). */
export type Allowed = 'everyone' | 'cookie' | 'signed-in' | 'owner' | 'own' | 'admin';
export interface Cast {
  /** Owns the orders and reviews the calls are about. */
  shopper: SignedIn;
  other: SignedIn;
  admin: SignedIn;
}
export interface Call {
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}
export type Build = (caller: SignedIn | null, cast: Cast) => Promise<Call>;

/** A route's row: who it lets in, and how to build its call for a caller. */
export interface Row {
  allowed: Allowed;
  call: Build;
}

/** Every route's row, its calls made against the app of `t`. */
export function routeRows(t: UsedTestApp): Record<string, Row> {
  const password = 'Password123';
  const json = (url: string, payload: object): Call => ({ url, payload });

  const orderOf = async (owner: SignedIn) => (await placePaidOrder(t.app, owner)).orderId;

  /** A UPI payment of `owner`'s, waiting on a VPA that never answers. */
  async function upiPaymentOf(owner: SignedIn) {
    const product = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
    const started = await t.request('POST', '/payment/upi', {
      as: owner,
      payload: { orderItems: [{ product: product.id, quantity: 1 }], shippingInfo, vpa: 'pending@razorpay' },
    });
    return started.json().payment.id as string;
  }

  async function reviewOf(owner: SignedIn) {
    const product = await addProduct(t.app);
    await t.request('PUT', '/review', {
      as: owner,
      payload: { rating: 4, comment: 'Good', productId: product.id },
    });
    const reviews = await t.request('GET', `/product/${product.id}`);
    return { productId: product.id, reviewId: reviews.json().product.reviews[0]._id as string };
  }

  return {
    'GET /api/v1/health': { allowed: 'everyone', call: async () => ({ url: '/health' }) },
    'GET /api/v1/health/live': { allowed: 'everyone', call: async () => ({ url: '/health/live' }) },
    'GET /api/v1/health/ready': { allowed: 'everyone', call: async () => ({ url: '/health/ready' }) },
    'POST /api/v1/rum': {
      allowed: 'everyone',
      call: async () => json('/rum', { page: '/', vitals: [{ name: 'LCP', value: 1200 }] }),
    },
    'POST /api/v1/auth/register': {
      allowed: 'everyone',
      call: async () => json('/auth/register', { name: 'New', email: uniqueEmail('matrix'), password }),
    },
    'POST /api/v1/auth/login': {
      allowed: 'everyone',
      call: async () => {
        const email = uniqueEmail('login');
        await register(t.app, { email });
        return json('/auth/login', { email, password });
      },
    },
    'POST /api/v1/auth/refresh': {
      allowed: 'cookie',
      call: async (caller) => ({
        url: '/auth/refresh',
        headers: caller ? { cookie: caller.cookie } : ({} as Record<string, string>),
      }),
    },
    'POST /api/v1/auth/logout': { allowed: 'everyone', call: async () => ({ url: '/auth/logout' }) },
    'PUT /api/v1/password/update': {
      allowed: 'signed-in',
      call: async () =>
        json('/password/update', { oldPassword: password, newPassword: password, confirmPassword: password }),
    },
    'POST /api/v1/password/forgot': {
      allowed: 'everyone',
      call: async (_caller, cast) => json('/password/forgot', { email: cast.shopper.email }),
    },
    'PUT /api/v1/password/reset/:token': {
      allowed: 'everyone',
      call: async () => {
        const user = await register(t.app);
        const token = await issueResetToken(t.app.shop.db, user.userId);
        return json(`/password/reset/${token}`, { password: 'Another123', confirmPassword: 'Another123' });
      },
    },
    'GET /api/v1/me': { allowed: 'signed-in', call: async () => ({ url: '/me' }) },
    'PUT /api/v1/me/update': {
      allowed: 'signed-in',
      call: async (caller) => json('/me/update', { name: 'Renamed', email: caller?.email ?? uniqueEmail() }),
    },
    'POST /api/v1/promote-to-admin': {
      allowed: 'signed-in',
      call: async () => json('/promote-to-admin', { role: 'admin' }),
    },
    'GET /api/v1/products': { allowed: 'everyone', call: async () => ({ url: '/products?keyword=Test' }) },
    'GET /api/v1/products/suggest': {
      allowed: 'everyone',
      call: async () => ({ url: '/products/suggest?q=lptop' }),
    },
    'GET /api/v1/catalog/revision': { allowed: 'everyone', call: async () => ({ url: '/catalog/revision' }) },
    'GET /api/v1/catalog/changes': {
      allowed: 'everyone',
      call: async () => ({ url: '/catalog/changes?since=1' }),
    },
    'POST /api/v1/releases/reports': {
      allowed: 'everyone',
      call: async () =>
        json('/releases/reports', { remote: 'storefront', release: '0.1.0-abc1234-0', outcome: 'loaded' }),
    },
    'GET /api/v1/releases/health': {
      allowed: 'everyone',
      call: async () => ({ url: '/releases/health?remote=storefront' }),
    },
    'GET /api/v1/catalog/sitemap': { allowed: 'everyone', call: async () => ({ url: '/catalog/sitemap' }) },
    'GET /api/v1/product/:id': {
      allowed: 'everyone',
      call: async () => ({ url: `/product/${(await addProduct(t.app)).id}` }),
    },
    'PUT /api/v1/review': {
      allowed: 'signed-in',
      call: async () =>
        json('/review', { rating: 5, comment: 'Lovely', productId: (await addProduct(t.app)).id }),
    },
    'POST /api/v1/order/new': {
      allowed: 'signed-in',
      call: async (caller) => {
        const product = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
        const payment = caller
          ? (await pay(t.app, caller, totalPaiseOf([{ pricePaise: 50_000, quantity: 1 }]))).intentId
          : 'pi_guest';
        return json('/order/new', {
          orderItems: [{ product: product.id, quantity: 1 }],
          shippingInfo,
          paymentInfo: { id: payment, status: 'succeeded' },
        });
      },
    },
    'GET /api/v1/orders/me': { allowed: 'signed-in', call: async () => ({ url: '/orders/me' }) },
    // The caller's own cart: there is no id to name another's (shopper-cart.test.ts: never another's lines).
    'GET /api/v1/cart': { allowed: 'signed-in', call: async () => ({ url: '/cart' }) },
    'PUT /api/v1/cart': {
      allowed: 'signed-in',
      call: async () =>
        json('/cart', { lines: [{ product: (await addProduct(t.app)).id, quantity: 1 }], version: 0 }),
    },
    'GET /api/v1/order/:id': {
      allowed: 'owner',
      call: async (_caller, cast) => ({ url: `/order/${await orderOf(cast.shopper)}` }),
    },
    'POST /api/v1/payment/process': {
      allowed: 'signed-in',
      call: async () => json('/payment/process', { amount: 50_000 }),
    },
    'GET /api/v1/payment/methods': {
      allowed: 'signed-in',
      call: async () => ({ url: '/payment/methods?amount=50000&pinCode=560001' }),
    },
    'POST /api/v1/order/cash-on-delivery': {
      allowed: 'signed-in',
      call: async () => {
        const product = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
        return json('/order/cash-on-delivery', {
          orderItems: [{ product: product.id, quantity: 1 }],
          shippingInfo,
        });
      },
    },
    'POST /api/v1/payment/upi': {
      allowed: 'signed-in',
      call: async () => {
        const product = await addProduct(t.app, { pricePaise: 50_000, stock: 5 });
        return json('/payment/upi', {
          orderItems: [{ product: product.id, quantity: 1 }],
          shippingInfo,
          vpa: 'pending@razorpay',
        });
      },
    },
    'GET /api/v1/payment/upi/:id': {
      allowed: 'owner',
      call: async (_caller, cast) => ({ url: `/payment/upi/${await upiPaymentOf(cast.shopper)}` }),
    },
    'POST /api/v1/payment/webhook': {
      allowed: 'everyone',
      call: async (_caller, cast) => {
        const id = await upiPaymentOf(cast.shopper);
        const { body, signature } = signedWebhook(t.app.shop.config.upi.webhookSecret, {
          event: 'payment.failed',
          payload: { payment: { entity: { id: 'pay_matrix', order_id: id, status: 'failed' } } },
        });
        return {
          url: '/payment/webhook',
          payload: JSON.parse(body) as object,
          headers: { 'x-razorpay-signature': signature },
        };
      },
    },
    'POST /api/v1/order/:id/cancel': {
      allowed: 'own',
      call: async (_caller, cast) => ({ url: `/order/${await orderOf(cast.shopper)}/cancel` }),
    },
    'GET /api/v1/order/:id/invoice': {
      allowed: 'owner',
      call: async (_caller, cast) => ({ url: `/order/${await orderOf(cast.shopper)}/invoice` }),
    },
    'POST /api/v1/payment/confirm': {
      allowed: 'everyone',
      call: async (_caller, cast) => {
        const created = await t.request('POST', '/payment/process', {
          as: cast.shopper,
          payload: { amount: 50_000 },
        });
        return json('/payment/confirm', {
          client_secret: created.json().client_secret,
          card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
          billing_details: { name: 'Sam', email: cast.shopper.email },
        });
      },
    },
    'GET /api/v1/admin/users': { allowed: 'admin', call: async () => ({ url: '/admin/users' }) },
    'GET /api/v1/admin/user/:id': {
      allowed: 'admin',
      call: async (_caller, cast) => ({ url: `/admin/user/${cast.shopper.userId}` }),
    },
    'PUT /api/v1/admin/user/:id': {
      allowed: 'admin',
      call: async () => {
        const target = await register(t.app);
        return json(`/admin/user/${target.userId}`, { name: 'Edited', email: target.email, role: 'user' });
      },
    },
    'DELETE /api/v1/admin/user/:id': {
      allowed: 'admin',
      call: async () => ({ url: `/admin/user/${(await register(t.app)).userId}` }),
    },
    'GET /api/v1/admin/products': { allowed: 'admin', call: async () => ({ url: '/admin/products' }) },
    'POST /api/v1/admin/product/new': {
      allowed: 'admin',
      call: async () =>
        json('/admin/product/new', {
          name: 'Matrix Lamp',
          price: 999,
          description: '',
          category: 'Laptop',
          stock: 3,
        }),
    },
    'PUT /api/v1/admin/product/:id': {
      allowed: 'admin',
      call: async () =>
        json(`/admin/product/${(await addProduct(t.app)).id}`, {
          name: 'Edited Lamp',
          price: 1099,
          description: '',
          category: 'Laptop',
          stock: 2,
        }),
    },
    'DELETE /api/v1/admin/product/:id': {
      allowed: 'admin',
      call: async () => ({ url: `/admin/product/${(await addProduct(t.app)).id}` }),
    },
    'GET /api/v1/admin/reviews': {
      allowed: 'admin',
      call: async (_caller, cast) => ({
        url: `/admin/reviews?id=${(await reviewOf(cast.shopper)).productId}`,
      }),
    },
    'DELETE /api/v1/admin/reviews': {
      allowed: 'admin',
      call: async (_caller, cast) => {
        const { productId, reviewId } = await reviewOf(cast.shopper);
        return { url: `/admin/reviews?id=${reviewId}&productId=${productId}` };
      },
    },
    'GET /api/v1/admin/orders': { allowed: 'admin', call: async () => ({ url: '/admin/orders' }) },
    'GET /api/v1/admin/orders/daily': {
      allowed: 'admin',
      call: async () => ({ url: '/admin/orders/daily' }),
    },
    'GET /api/v1/admin/site-health': { allowed: 'admin', call: async () => ({ url: '/admin/site-health' }) },
    'GET /api/v1/admin/activity': {
      allowed: 'admin',
      call: async (_caller, cast) => ({
        url: `/admin/activity?who=${cast.admin.userId}&action=product.update&from=2020-01-01T00:00:00Z&page=1`,
      }),
    },
    'GET /api/v1/admin/products/export.csv': {
      allowed: 'admin',
      call: async () => ({ url: '/admin/products/export.csv' }),
    },
    'GET /api/v1/admin/orders/export.csv': {
      allowed: 'admin',
      call: async () => ({
        url: '/admin/orders/export.csv?from=2020-01-01T00:00:00Z&to=2099-01-01T00:00:00Z',
      }),
    },
    'POST /api/v1/admin/products/import': {
      allowed: 'admin',
      call: async () => ({
        url: '/admin/products/import',
        payload: `id,name,price,description,category,stock\r\n${(await addProduct(t.app)).id},Imported Lamp,12.5,,Laptop,3\r\n,Matrix Import Lamp,99,,Camera,1\r\n`,
        headers: { 'content-type': 'text/csv' },
      }),
    },
    'PUT /api/v1/admin/order/:id': {
      allowed: 'admin',
      call: async (_caller, cast) =>
        json(`/admin/order/${await orderOf(cast.shopper)}`, { status: 'Shipped' }),
    },
    'DELETE /api/v1/admin/order/:id': {
      allowed: 'admin',
      call: async (_caller, cast) => ({ url: `/admin/order/${await orderOf(cast.shopper)}` }),
    },
    'GET /api/v1/admin/order/:id/payments': {
      allowed: 'admin',
      call: async (_caller, cast) => ({ url: `/admin/order/${await orderOf(cast.shopper)}/payments` }),
    },
    'POST /api/v1/admin/order/:id/cancel': {
      allowed: 'admin',
      call: async (_caller, cast) => ({ url: `/admin/order/${await orderOf(cast.shopper)}/cancel` }),
    },
    'POST /api/v1/admin/order/:id/refund': {
      allowed: 'admin',
      call: async (_caller, cast) => {
        const { orderId, productId } = await placePaidOrder(t.app, cast.shopper);
        return json(`/admin/order/${orderId}/refund`, {
          lines: [{ product: productId, quantity: 1 }],
          refundsSeen: 0,
        });
      },
    },
    'POST /api/v1/admin/order/:id/return': {
      allowed: 'admin',
      call: async (_caller, cast) => {
        const { orderId, productId } = await placePaidOrder(t.app, cast.shopper);
        for (const status of ['Shipped', 'Delivered'])
          await t.request('PUT', `/admin/order/${orderId}`, { as: cast.admin, payload: { status } });
        return json(`/admin/order/${orderId}/return`, {
          lines: [{ product: productId, quantity: 1 }],
          restock: true,
          refundsSeen: 0,
        });
      },
    },
  };
}
