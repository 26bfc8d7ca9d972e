import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { sql } from 'drizzle-orm';
import { register, uniqueEmail } from './helpers/shop.ts';

const t = useTestApp();

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.request('POST', url, { payload, headers });
const me = (headers: Record<string, string>) => t.request('GET', '/me', { headers });

describe('register', () => {
  it('creates a user, answers an access token and sets an httpOnly refresh cookie scoped to /api/v1/auth', async () => {
    const email = uniqueEmail();
    const response = await post('/auth/register', {
      name: ' Neha ',
      email: email.toUpperCase(),
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      expiresIn: 900,
      user: { name: 'Neha', email, role: 'user', avatar: { url: '/profile.png' } },
    });
    expect(body.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/shop_refresh=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const response = await post('/auth/register', {
      name: 'Again',
      email: email.toUpperCase(),
      password: 'Secret123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Email is already registered' });
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: 'Secret123' }, /email/],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, /at least 8/],
    [{ name: '', email: 'a@example.com', password: 'Secret123' }, /Name is required/],
    [{ email: 'a@example.com', password: 'Secret123' }, /name/],
  ])('answers 400 with a message naming the problem for %j', async (payload, message) => {
    const response = await post('/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.json().message).toMatch(message);
  });

  it('never keeps the password in clear', async () => {
    const user = await register(t.app, { password: 'Plaintext99' });
    const rows = await t.app.shop.database.db.query.users.findMany();
    const row = rows.find((entry) => entry.id === user.userId)!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('login', () => {
  it('signs in with the right password (email case-insensitive)', async () => {
    const email = uniqueEmail();
    await register(t.app, { email, password: 'Correct123' });
    const response = await post('/auth/login', { email: email.toUpperCase(), password: 'Correct123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { email }, expiresIn: 900 });
  });

  it('answers 401 "Invalid email or password" for a wrong password or an unknown email', async () => {
    const email = uniqueEmail();
    await register(t.app, { email, password: 'Correct123' });
    for (const payload of [
      { email, password: 'Wrong12345' },
      { email: uniqueEmail('nobody'), password: 'Correct123' },
    ]) {
      const response = await post('/auth/login', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });
});

describe('access tokens and /me', () => {
  it('answers the current user for a bearer token', async () => {
    const user = await register(t.app, { name: 'Meera' });
    const response = await me(user.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { _id: user.userId, name: 'Meera' } });
  });

  it('answers 401 "Please login to access this resource" without a token', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please login to access this resource' });
  });

  it.each(['garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad', ''])(
    'answers 401 "Session expired. Please login again." for a bad token %j',
    async (token) => {
      const response = await me({ authorization: `Bearer ${token}x` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    },
  );

  it('refuses a token without an expiry, or issued longer ago than a token lives, even with the right secret', async () => {
    const { SignJWT, decodeJwt } = await import('jose');
    const user = await register(t.app);
    const { sid } = decodeJwt(user.token);
    const secret = new TextEncoder().encode(t.app.shop.config.jwtSecret);
    const claims = () =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId).setIssuer('shop-api');
    const valid = await claims().setIssuedAt().setExpirationTime('10m').sign(secret);
    expect((await me({ authorization: `Bearer ${valid}` })).statusCode).toBe(200);
    const forever = await claims().setIssuedAt().sign(secret);
    expect((await me({ authorization: `Bearer ${forever}` })).statusCode).toBe(401);
    const old = await claims()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime('1y')
      .sign(secret);
    expect((await me({ authorization: `Bearer ${old}` })).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { SignJWT } = await import('jose');
    const user = await register(t.app);
    const forged = await new SignJWT({ sid: '0'.repeat(24) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setIssuer('shop-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh cookie; the old one no longer works and revokes the session', async () => {
    const user = await register(t.app);
    const first = await post('/auth/refresh', undefined, { cookie: user.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { _id: user.userId } });
    const rotated = first.cookies.find((cookie) => cookie.name === 'shop_refresh')!.value;
    expect(`shop_refresh=${rotated}`).not.toBe(user.cookie);

    const second = await post('/auth/refresh', undefined, { cookie: `shop_refresh=${rotated}` });
    expect(second.statusCode).toBe(200);

    // Two tabs refreshing at once: the cookie rotated away a moment ago still works.
    const racing = await post('/auth/refresh', undefined, { cookie: `shop_refresh=${rotated}` });
    expect(racing.statusCode).toBe(200);

    // Replaying a cookie rotated away longer ago looks like theft: 401, and the whole session is revoked.
    await t.app.shop.db.execute(sql`update sessions set rotated_at = now() - interval '1 minute'`);
    const replay = await post('/auth/refresh', undefined, { cookie: user.cookie });
    expect(replay.statusCode).toBe(401);
    const newest = racing.cookies.find((cookie) => cookie.name === 'shop_refresh')!.value;
    expect((await post('/auth/refresh', undefined, { cookie: `shop_refresh=${newest}` })).statusCode).toBe(
      401,
    );
  });

  it('two refreshes with the same cookie at the same moment both succeed', async () => {
    const user = await register(t.app);
    const [first, second] = await Promise.all([
      post('/auth/refresh', undefined, { cookie: user.cookie }),
      post('/auth/refresh', undefined, { cookie: user.cookie }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await me({ authorization: `Bearer ${second.json().accessToken}` })).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with a malformed one', async () => {
    for (const cookie of ['', 'shop_refresh=abc', `shop_refresh=${'a'.repeat(24)}.nope`]) {
      const response = await post('/auth/refresh', undefined, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });

  it('logout revokes the session: its access token and refresh cookie stop working', async () => {
    const user = await register(t.app);
    expect((await me(user.auth)).statusCode).toBe(200);
    const response = await post('/auth/logout', undefined, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(String(response.headers['set-cookie'])).toMatch(/shop_refresh=;/);
    const after = await me(user.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session expired. Please login again.');
    expect((await post('/auth/refresh', undefined, { cookie: user.cookie })).statusCode).toBe(401);
  });

  it('logout with only the bearer token revokes its session', async () => {
    const user = await register(t.app);
    const response = await post('/auth/logout', undefined, user.auth);
    expect(response.statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await post('/auth/refresh', undefined, { cookie: user.cookie })).statusCode).toBe(401);
  });

  it('logout with a cookie whose secret is wrong revokes nothing', async () => {
    const user = await register(t.app);
    const sessionId = user.cookie.split('=')[1]!.split('.')[0]!;
    const forged = await post('/auth/logout', undefined, {
      cookie: `shop_refresh=${sessionId}.${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await post('/auth/refresh', undefined, { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('logout works for a guest', async () => {
    const response = await post('/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});
