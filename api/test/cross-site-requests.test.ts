import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { useTestApp } from './helpers/test-app.ts';
import { register, uniqueEmail } from './helpers/shop.ts';

// Issue 21, finding 1: a page on another site auto-submitting a form must not sign the visitor's browser
// into the attacker's account, nor out of their own. The matrix (authorization-matrix.test.ts) holds every
// cookie route to this; the fuzz run (fuzz.test.ts) holds every JSON-only route to 415.
const t = useTestApp();
const SHOP = 'http://localhost:4000';
const password = 'Attacker-Pass-1';
const setCookies = (response: { headers: Record<string, unknown> }) => response.headers['set-cookie'];

describe('a form on another site', () => {
  it('cannot sign the browser in: a urlencoded or text/plain login is refused (415) and sets no cookie', async () => {
    const attacker = await register(t.app, { email: uniqueEmail('attacker'), password });
    const forms = [
      {
        'content-type': 'application/x-www-form-urlencoded',
        body: qs.stringify({ email: attacker.email, password }),
      },
      // enctype="text/plain" can shape a JSON-looking body: {"email":"…","password":"…","x":"="}
      {
        'content-type': 'text/plain',
        body: `${JSON.stringify({ email: attacker.email, password, x: '' }).slice(0, -2)}"=`,
      },
      {
        'content-type': 'multipart/form-data; boundary=x',
        body: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${attacker.email}\r\n--x--\r\n`,
      },
    ];
    for (const form of forms) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': form['content-type'] },
        payload: form.body,
      });
      expect(response.statusCode, form['content-type']).toBe(415);
      expect(response.json().message).toMatch(/^body: this route takes JSON \(application\/json\)/);
      expect(setCookies(response)).toBeUndefined();
    }
  });

  it("cannot sign in, refresh or sign out from another site's page (403), and sets or clears nothing", async () => {
    const victim = await register(t.app);
    const attacker = await register(t.app, { email: uniqueEmail('attacker'), password });
    const foreign = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const calls = [
        { url: '/api/v1/auth/login', payload: { email: attacker.email, password } },
        { url: '/api/v1/auth/register', payload: { name: 'Eve', email: uniqueEmail('eve'), password } },
        { url: '/api/v1/auth/refresh', cookie: victim.cookie },
        { url: '/api/v1/auth/logout', cookie: victim.cookie },
        { url: '/api/v1/auth/logout' },
      ];
      for (const call of calls) {
        const response = await t.app.inject({
          method: 'POST',
          url: call.url,
          headers: { ...headers, ...(call.cookie ? { cookie: call.cookie } : {}) },
          ...(call.payload ? { payload: call.payload } : {}),
        });
        const context = `${call.url} ${JSON.stringify(headers)}`;
        expect(response.statusCode, context).toBe(403);
        expect(setCookies(response), context).toBeUndefined();
      }
    }
    // The victim's session went through all of it untouched.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: SHOP, cookie: victim.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it("the shop's own pages, and callers that are not browsers, get through", async () => {
    const user = await register(t.app, { email: uniqueEmail('own'), password });
    for (const headers of [{ origin: SHOP }, { 'sec-fetch-site': 'same-site' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers,
        payload: { email: user.email, password },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('the refresh cookie', () => {
  it('is cleared only when the browser presented one', async () => {
    for (const url of ['/api/v1/auth/logout', '/api/v1/auth/refresh']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { origin: SHOP } });
      expect(setCookies(response), url).toBeUndefined();
    }
    const user = await register(t.app);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: SHOP, cookie: user.cookie },
    });
    expect(String(setCookies(loggedOut))).toMatch(/^shop_refresh=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("made of someone's session id and a made-up secret changes nothing (finding 5)", async () => {
    const user = await register(t.app);
    const sessionId = user.cookie.split('=')[1]!.split('.')[0]!;
    for (const forged of [
      `${sessionId}.garbage`,
      `${sessionId}.garbage.seal`,
      `${sessionId}.${'A'.repeat(43)}`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { cookie: `shop_refresh=${forged}` },
      });
      expect(response.statusCode).toBe(401);
    }
    // The owner's session is alive: its access token and its cookie still work.
    expect((await t.request('GET', '/me', { as: user })).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: user.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});
