import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from './helpers/test-app.ts';
import { register, uniqueEmail } from './helpers/shop.ts';

// Behind a proxy the api believes only the proxies named in TRUST_PROXY about the client's address and
// scheme (the per-address wait on wrong passwords: password-guesses.test.ts).
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
