import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginThrottle } from '../src/db/schema.ts';
import { startTestApp, useTestApp } from './helpers/test-app.ts';
import { register, uniqueEmail } from './helpers/shop.ts';

// Behind a proxy the api believes only the proxies named in TRUST_PROXY about the client's address and
// scheme; guessing one account's password is slowed down whatever address the guesses come from.
const t = useTestApp({ config: { authRateLimit: 5, trustProxy: ['127.0.0.1'] } });

/** A login arriving through the trusted proxy (inject's socket is 127.0.0.1) from `client`. */
const loginVia = (client: string, email: string, password: string, forwardedFor?: string) =>
  t.request('POST', '/auth/login', {
    payload: { email, password },
    headers: { 'x-forwarded-for': forwardedFor ?? client },
  });

describe('client addresses behind a proxy', () => {
  it('a client cannot rotate X-Forwarded-For past the per-client limit: the proxy-added address counts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      // The client sends a fresh X-Forwarded-For each time; the proxy appends the address it really saw.
      const response = await loginVia(
        '203.0.113.9',
        uniqueEmail('spray'),
        'Wrong-123',
        `10.9.${i}.1, 203.0.113.9`,
      );
      statuses.push(response.statusCode);
    }
    // 5 a minute per account and client, 25 per client over all accounts.
    expect(statuses.slice(0, 25).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(25).every((status) => status === 429)).toBe(true);
  });
});

describe('per-account backoff', () => {
  it('locks an account after five wrong passwords from any addresses, for a short, growing time', async () => {
    const email = uniqueEmail('target');
    await register(t.app, { email, password: 'Right-Password-1' });
    const statuses: number[] = [];
    let lastMessage = '';
    for (let i = 0; i < 20; i++) {
      const response = await loginVia(`198.51.100.${i + 1}`, email, `Guess-${i}`);
      statuses.push(response.statusCode);
      lastMessage = response.json().message;
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);
    expect(lastMessage).toMatch(/^Too many failed logins for this account, retry in \d+ seconds$/);

    // Even the right password waits out the lock: a guess cannot be told from the owner.
    const locked = await loginVia('192.0.2.44', email, 'Right-Password-1');
    expect(locked.statusCode).toBe(429);
    const seconds = Number(/retry in (\d+) seconds/.exec(locked.json().message)![1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);

    // Once the lock has passed, the owner gets in, and that clears the count.
    await t.app.shop.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second'`);
    expect((await loginVia('192.0.2.44', email, 'Right-Password-1')).statusCode).toBe(200);
    expect((await loginVia('192.0.2.45', email, 'Guess-again')).statusCode).toBe(401);
  });

  it('never locks for more than a minute, however long the guessing goes on', async () => {
    const email = uniqueEmail('long');
    await register(t.app, { email });
    for (let i = 0; i < 40; i++) {
      await t.app.shop.db.execute(sql`update login_throttle set locked_until = null where email = ${email}`);
      await loginVia(`198.18.0.${i + 1}`, email, `Guess-${i}`);
    }
    const [row] = await t.app.shop.db
      .select({ seconds: sql<number>`extract(epoch from ${loginThrottle.lockedUntil} - now())` })
      .from(loginThrottle)
      .where(eq(loginThrottle.email, email));
    expect(Number(row!.seconds)).toBeLessThanOrEqual(60);
    expect(Number(row!.seconds)).toBeGreaterThan(30);
  });
});

describe('the refresh cookie follows the real scheme', () => {
  const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']);

  it('is Secure when the trusted proxy says https, and not when it says http', async () => {
    const email = uniqueEmail('scheme');
    await register(t.app, { email });
    const https = await t.request('POST', '/auth/login', {
      payload: { email, password: 'Password123' },
      headers: { 'x-forwarded-for': '192.0.2.7', 'x-forwarded-proto': 'https' },
    });
    expect(cookieOf(https)).toMatch(/; Secure/);
    const http = await t.request('POST', '/auth/login', {
      payload: { email, password: 'Password123' },
      headers: { 'x-forwarded-for': '192.0.2.7', 'x-forwarded-proto': 'http' },
    });
    expect(cookieOf(http)).not.toMatch(/; Secure/);
  });

  it('is Secure when PUBLIC_API_URL names https, whatever the hop to the api speaks', async () => {
    const behindTls = await startTestApp({ config: { publicApiUrl: 'https://api.shop.example' } });
    try {
      const response = await behindTls.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Tls', email: uniqueEmail('tls'), password: 'Password123' },
      });
      expect(cookieOf(response)).toMatch(/; Secure/);
    } finally {
      await behindTls.close();
    }
  });
});
