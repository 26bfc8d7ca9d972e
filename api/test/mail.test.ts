import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simpleParser } from 'mailparser';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  addProduct,
  login,
  newOrderRequest,
  pay,
  register,
  totalPaiseOf,
  uniqueEmail,
} from './helpers/shop.ts';
import { startSmtpInbox, type ReceivedMail } from './helpers/smtp-inbox.ts';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { freePort } from './helpers/free-port.ts';

// Issue 13 §4: with SMTP_URL the reset link and the order confirmation go out by SMTP; without it they
// stay log lines; a mail server that is down never fails or delays the request.

const bodyOf = async (mail: ReceivedMail) => (await simpleParser(mail.raw)).text ?? '';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let shop: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  shop = await startTestApp({ config: { smtpUrl: inbox.url, mailFrom: 'Shop <orders@shop.test>' } });
});

afterAll(async () => {
  await shop?.close();
  await inbox?.close();
});

async function orderOf(app: TestApp['app'], buyer: Awaited<ReturnType<typeof register>>) {
  const lamp = await addProduct(app, { name: 'Brass Lamp', pricePaise: 123_450, stock: 5 });
  const mug = await addProduct(app, { name: 'Clay Mug', pricePaise: 25_000, stock: 5 });
  const lines = [
    { pricePaise: 123_450, quantity: 2 },
    { pricePaise: 25_000, quantity: 3 },
  ];
  const { intentId } = await pay(app, buyer, totalPaiseOf(lines));
  const response = await app.inject(
    newOrderRequest(
      buyer,
      [
        { product: lamp.id, quantity: 2 },
        { product: mug.id, quantity: 3 },
      ],
      intentId,
    ),
  );
  expect(response.statusCode).toBe(201);
  return response.json().order as { _id: string; totalPrice: number };
}

describe('mail by SMTP when SMTP_URL is set', () => {
  it('mails the password reset link, and the link resets the password', async () => {
    const email = uniqueEmail('reset');
    await register(shop.app, { email, password: 'Password123' });
    const forgot = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);

    const mail = await inbox.mailTo(email);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Shop', address: 'orders@shop.test' });
    expect(parsed.subject).toBe('Reset your password');
    const link = parsed.text?.match(/http:\/\/localhost:4000\/password\/reset\/(\S+)/);
    expect(link).not.toBeNull();

    const reset = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${link![1]}`,
      payload: { password: 'Brandnew123', confirmPassword: 'Brandnew123' },
    });
    expect(reset.statusCode).toBe(200);
    await login(shop.app, email, 'Brandnew123');
    // Mailed, not logged: the link is not in the server log for anyone reading it.
    expect(shop.logs.some((entry) => String(entry.msg).includes(link![1]!))).toBe(false);
  });

  it('mails no link for an address with no account', async () => {
    const ghost = uniqueEmail('ghost');
    const known = uniqueEmail('known');
    await register(shop.app, { email: known });
    await shop.app.inject({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: ghost } });
    await shop.app.inject({ method: 'POST', url: '/api/v1/password/forgot', payload: { email: known } });
    // Sent in order on one transport: once the second has arrived, the first would have too.
    await inbox.mailTo(known);
    expect(inbox.mails.some((mail) => mail.to.includes(ghost))).toBe(false);
  });

  it('mails an order confirmation with each line and the total in rupees', async () => {
    const buyer = await register(shop.app, { email: uniqueEmail('buyer') });
    const order = await orderOf(shop.app, buyer);

    const mail = await inbox.mailTo(buyer.email, (candidate) => candidate.raw.includes(order._id));
    const text = await bodyOf(mail);
    expect((await simpleParser(mail.raw)).subject).toBe(`Order ${order._id} confirmed`);
    expect(text).toContain('Brass Lamp × 2 at ₹1,234.50 = ₹2,469.00');
    expect(text).toContain('Clay Mug × 3 at ₹250.00 = ₹750.00');
    // 3,219.00 of items + 18% GST (579.42), free shipping over ₹1,000.
    expect(order.totalPrice).toBe(3798.42);
    expect(text).toContain('Total: ₹3,798.42');
    expect(text).toContain(`http://localhost:4000/order/${order._id}`);
  });
});

describe('mail without SMTP_URL (the embedded default)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain?.close());

  it('writes the reset link and the order confirmation to the log', async () => {
    const buyer = await register(plain.app, { email: uniqueEmail('logged') });
    await plain.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: buyer.email },
    });
    const order = await orderOf(plain.app, buyer);
    const messages = () => plain.logs.map((entry) => String(entry.msg));
    // Written after the answer has left (the answer must not tell, by its timing, that the account exists).
    await vi.waitFor(() =>
      expect(messages()).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Password reset link for ${buyer.email.replace(/\./g, '\\.')}: http://localhost:4000/password/reset/\\S+$`,
          ),
        ),
      ),
    );
    expect(messages()).toContain(
      `Order confirmation for ${buyer.email}: order ${order._id}, 2 line(s), total ₹3,798.42`,
    );
  });
});

describe('a mail server that is down', () => {
  let cut: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: every send is refused.
    cut = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => cut?.close());

  it('neither fails nor holds up the reset request or the order, and logs the mail it could not send', async () => {
    const buyer = await register(cut.app, { email: uniqueEmail('unmailed') });
    const forgot = await cut.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: buyer.email },
    });
    expect(forgot.statusCode).toBe(200);
    await orderOf(cut.app, buyer);
    await expect
      .poll(() => cut.logs.filter((entry) => String(entry.msg).startsWith('mail not sent: ')).length)
      .toBe(2);
    const failures = cut.logs.filter((entry) => String(entry.msg).startsWith('mail not sent: '));
    expect(failures.map((entry) => entry.level)).toEqual([50, 50]);
    expect(String(failures[0]!.msg)).toContain(`Password reset link for ${buyer.email}: `);
  });
});

describe('a mail server that accepts the connection and never answers', () => {
  let stuck: TestApp;
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    stuck = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await stuck?.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('answers the reset request and the order while the mail is still waiting on the server', async () => {
    const buyer = await register(stuck.app, { email: uniqueEmail('waiting') });
    const forgot = await stuck.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: buyer.email },
    });
    expect(forgot.statusCode).toBe(200);
    await orderOf(stuck.app, buyer);
    // Both answers are in, yet neither mail has been sent or given up on: they did not wait for it.
    expect(sockets.length).toBeGreaterThan(0);
    const outcomes = stuck.logs.filter((entry) => /^mail (sent|not sent)/.test(String(entry.msg)));
    expect(outcomes).toEqual([]);
  });
});
