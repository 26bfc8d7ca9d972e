import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { pay, register, type SignedIn } from './helpers/shop.ts';

const t = useTestApp();
let buyer: SignedIn;
beforeAll(async () => {
  buyer = await register(t.app);
});

const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment/confirm', payload });
const newIntent = async (amount = 12_345) => {
  const response = await t.request('POST', '/payment/process', { as: buyer, payload: { amount } });
  return response;
};
const card = (number: string, expiry = '12/34') => ({ number, expiry, cvc: '123' });
const billing = { name: 'Sam Shopper', email: 'shopper@example.com' };

describe('local test-mode card gateway', () => {
  it('creates an intent for an amount in paise and answers its client_secret', async () => {
    const response = await newIntent(99_900);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      client_secret: expect.stringMatching(/^pi_[0-9a-f]{24}_secret_[A-Za-z0-9_-]+$/),
    });
  });

  it.each([[{ amount: 'lots' }], [{ amount: 12.5 }], [{ amount: 0 }], [{}]])(
    'refuses a bad amount %j with 400',
    async (payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/process',
        headers: buyer.auth,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/amount/);
    },
  );

  it('4242 4242 4242 4242 succeeds (spaces allowed) and confirming again is idempotent', async () => {
    const secret = (await newIntent(50_000)).json().client_secret;
    const response = await confirm({
      client_secret: secret,
      card: card('4242 4242 4242 4242'),
      billing_details: billing,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      paymentIntent: {
        id: secret.split('_secret_')[0],
        status: 'succeeded',
        amount: 50_000,
        currency: 'inr',
      },
    });
    const again = await confirm({
      client_secret: secret,
      card: card('4242424242424242'),
      billing_details: billing,
    });
    expect(again.json().paymentIntent.status).toBe('succeeded');
  });

  it('4000 0000 0000 0002 is declined with a clear message', async () => {
    const secret = (await newIntent()).json().client_secret;
    const response = await confirm({
      client_secret: secret,
      card: card('4000000000000002'),
      billing_details: billing,
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      message: 'Your card was declined.',
      error: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' },
    });
  });

  it('refuses other card numbers as not test cards', async () => {
    const secret = (await newIntent()).json().client_secret;
    const response = await confirm({
      client_secret: secret,
      card: card('5555555555554444'),
      billing_details: billing,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not a test card/);
  });

  it('refuses an expired card, a bad secret and incomplete details', async () => {
    const secret = (await newIntent()).json().client_secret;
    const expired = await confirm({
      client_secret: secret,
      card: card('4242424242424242', '01/20'),
      billing_details: billing,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expiration date is in the past/);

    const forged = await confirm({
      client_secret: `${secret.split('_secret_')[0]}_secret_${'x'.repeat(32)}`,
      card: card('4242424242424242'),
      billing_details: billing,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/No such payment intent/);

    for (const payload of [
      { client_secret: secret, card: card('4242'), billing_details: billing },
      { client_secret: secret, card: { ...card('4242424242424242'), cvc: '1' }, billing_details: billing },
      { client_secret: secret, card: card('4242424242424242', '1234'), billing_details: billing },
      {
        client_secret: secret,
        card: card('4242424242424242'),
        billing_details: { name: '', email: 'a@b.co' },
      },
      {
        client_secret: secret,
        card: card('4242424242424242'),
        billing_details: { name: 'A', email: 'nope' },
      },
    ]) {
      const response = await confirm(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('the helper pays end to end', async () => {
    const { confirmed } = await pay(t.app, buyer, 1000);
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('payment rate limits', () => {
  const limited = useTestApp({ config: { paymentRateLimit: 3 } });

  it('limits creating and confirming payments per client: 429 with a message past PAYMENT_RATE_LIMIT a minute', async () => {
    const shopper = await register(limited.app);
    const created: number[] = [];
    for (let i = 0; i < 4; i++)
      created.push(
        (await limited.request('POST', '/payment/process', { as: shopper, payload: { amount: 10_000 } }))
          .statusCode,
      );
    expect(created).toEqual([200, 200, 200, 429]);

    const confirmed: number[] = [];
    let last = { success: true, message: '' };
    for (let i = 0; i < 4; i++) {
      const response = await limited.request('POST', '/payment/confirm', {
        payload: { client_secret: 'pi_x_secret_y', card: card('4242424242424242'), billing_details: billing },
      });
      confirmed.push(response.statusCode);
      last = response.json();
    }
    expect(confirmed).toEqual([400, 400, 400, 429]);
    expect(last).toMatchObject({ success: false, message: expect.stringMatching(/rate limit|too many/i) });
  });
});
