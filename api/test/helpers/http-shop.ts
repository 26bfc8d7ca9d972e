import { TEST_CARD_SUCCEEDS } from '@shop/shared-api/schemas';
import { DEMO_SHIPPING_INFO } from '../../src/seed/seed.ts';

/** A shopper or admin talking to a real api over HTTP, as the browser does (fault tests, the load bench). */
export interface HttpUser {
  email: string;
  auth: { authorization: string };
}

async function call(base: string, method: string, url: string, body?: unknown, headers: object = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function expectStatus(
  answer: Promise<{ status: number; body: Record<string, unknown> }>,
  status: number,
  what: string,
) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

export function httpShop(base: string) {
  return {
    call: (method: string, url: string, body?: unknown, headers?: object) =>
      call(base, method, url, body, headers),

    async register(email: string, password = 'Password123'): Promise<HttpUser> {
      const body = await expectStatus(
        call(base, 'POST', '/auth/register', { name: 'Load Shopper', email, password }),
        201,
        'register',
      );
      return { email, auth: { authorization: `Bearer ${body.accessToken as string}` } };
    },

    async login(email: string, password: string): Promise<HttpUser> {
      const body = await expectStatus(call(base, 'POST', '/auth/login', { email, password }), 200, 'login');
      return { email, auth: { authorization: `Bearer ${body.accessToken as string}` } };
    },

    /** A registered user made admin (the api must allow self-promotion). */
    async registerAdmin(email: string): Promise<HttpUser> {
      const user = await this.register(email);
      await expectStatus(
        call(base, 'POST', '/promote-to-admin', { role: 'admin' }, user.auth),
        200,
        'promote-to-admin',
      );
      return user;
    },

    /** The checkout's payment as the browser makes it: create the intent, confirm it with the test card. */
    async pay(user: HttpUser, amountPaise: number): Promise<string> {
      const created = await expectStatus(
        call(base, 'POST', '/payment/process', { amount: amountPaise }, user.auth),
        200,
        'payment/process',
      );
      const clientSecret = created.client_secret as string;
      await expectStatus(
        call(base, 'POST', '/payment/confirm', {
          client_secret: clientSecret,
          card: { number: TEST_CARD_SUCCEEDS, expiry: '12/34', cvc: '123' },
          billing_details: { name: 'Load Shopper', email: user.email },
        }),
        200,
        'payment/confirm',
      );
      return clientSecret.split('_secret_')[0]!;
    },

    /** POST /order/new for one product line paid by `intentId`; the raw answer. */
    order(user: HttpUser, productId: string, quantity: number, intentId: string) {
      return call(
        base,
        'POST',
        '/order/new',
        {
          orderItems: [{ product: productId, quantity }],
          shippingInfo: DEMO_SHIPPING_INFO,
          paymentInfo: { id: intentId, status: 'succeeded' },
        },
        user.auth,
      );
    },
  };
}

export type HttpShop = ReturnType<typeof httpShop>;
