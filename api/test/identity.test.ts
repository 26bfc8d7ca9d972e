import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { sql } from 'drizzle-orm';
import { login, register, uniqueEmail } from './helpers/shop.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers });
const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers });

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

  it('logout works for a guest', async () => {
    const response = await post('/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});

describe('password update', () => {
  it('checks the confirmation, the length and the old password, with the spec messages', async () => {
    const user = await register(t.app, { password: 'Original123' });
    const cases: [object, string][] = [
      [
        { oldPassword: 'Original123', newPassword: 'NewPass123', confirmPassword: 'Other12345' },
        'New passwords do not match!',
      ],
      [
        { oldPassword: 'Original123', newPassword: 'short', confirmPassword: 'short' },
        'New password must be at least 8 characters long!',
      ],
      [
        { oldPassword: 'Wrong12345', newPassword: 'NewPass123', confirmPassword: 'NewPass123' },
        'Old password is incorrect',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await put('/password/update', payload, user.auth);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
  });

  it('changes the password, keeps this session and signs other sessions out', async () => {
    const email = uniqueEmail();
    const user = await register(t.app, { email, password: 'Original123' });
    const elsewhere = await login(t.app, email, 'Original123');
    const response = await put(
      '/password/update',
      { oldPassword: 'Original123', newPassword: 'Changed123', confirmPassword: 'Changed123' },
      user.auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await me(elsewhere.auth)).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'Original123' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'Changed123' })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await put('/password/update', {
      oldPassword: 'a',
      newPassword: 'b',
      confirmPassword: 'b',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const resetLinkFor = (email: string) => {
    const line = t.logs.find((entry) => String(entry.msg).startsWith(`Password reset link for ${email}: `));
    return line ? String(line.msg).split(': ')[1]! : undefined;
  };

  it('answers the same message whether the account exists or not, and logs a link only for real accounts', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const unknown = uniqueEmail('ghost');
    for (const address of [email, unknown]) {
      const response = await post('/password/forgot', { email: address });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Please check your email for password reset instructions.',
      });
    }
    expect(resetLinkFor(email)).toMatch(/^http:\/\/localhost:4000\/password\/reset\/[A-Za-z0-9_-]{40,}$/);
    expect(resetLinkFor(unknown)).toBeUndefined();
  });

  it('resets with the token once, revokes sessions, and refuses the token a second time', async () => {
    const email = uniqueEmail();
    const user = await register(t.app, { email, password: 'Original123' });
    await post('/password/forgot', { email });
    const token = resetLinkFor(email)!.split('/').pop()!;

    const mismatch = await put(`/password/reset/${token}`, {
      password: 'Brandnew123',
      confirmPassword: 'Different1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ success: false, message: 'Passwords do not match!' });

    const response = await put(`/password/reset/${token}`, {
      password: 'Brandnew123',
      confirmPassword: 'Brandnew123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password reset successfully!' });
    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'Brandnew123' })).statusCode).toBe(200);

    const again = await put(`/password/reset/${token}`, {
      password: 'Another1234',
      confirmPassword: 'Another1234',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses unknown, malformed and expired tokens with 400', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    await post('/password/forgot', { email });
    const token = resetLinkFor(email)!.split('/').pop()!;
    await t.app.shop.db.execute(
      (await import('drizzle-orm')).sql`update password_resets set expires_at = now() - interval '1 minute'`,
    );
    for (const candidate of [token, 'x'.repeat(43), 'bad']) {
      const response = await put(`/password/reset/${candidate}`, {
        password: 'Brandnew123',
        confirmPassword: 'Brandnew123',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});
