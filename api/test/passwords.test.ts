import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { login, register, uniqueEmail } from './helpers/shop.ts';

const t = useTestApp({ admin: true });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.request('POST', url, { payload, headers });
const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request('PUT', url, { payload, headers });
const me = (headers: Record<string, string>) => t.request('GET', '/me', { headers });

describe('password update', () => {
  it('checks the confirmation, the length and the old password, with the shop messages', async () => {
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
  const resetLinksFor = (email: string) =>
    t.logs
      .filter((entry) => String(entry.msg).startsWith(`Password reset link for ${email}: `))
      .map((entry) => String(entry.msg).split(': ')[1]!);
  const resetLinkFor = (email: string) => resetLinksFor(email).at(-1);
  /** Asks for a link and waits for it: the link is written after the answer has left. */
  const newResetLink = async (email: string) => {
    const before = resetLinksFor(email).length;
    await post('/password/forgot', { email });
    return vi.waitFor(() => {
      if (resetLinksFor(email).length === before) throw new Error(`no new reset link for ${email} yet`);
      return resetLinkFor(email)!;
    });
  };
  const newResetToken = async (email: string) => (await newResetLink(email)).split('/').pop()!;
  const resetWith = (token: string, password = 'Brandnew123') =>
    put(`/password/reset/${token}`, { password, confirmPassword: password });

  it('answers the same message whether the account exists or not, and logs a link only for real accounts', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const unknown = uniqueEmail('ghost');
    for (const address of [unknown, email]) {
      const response = await post('/password/forgot', { email: address });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Please check your email for password reset instructions.',
      });
    }
    // Looked up in the order asked: once the second link is out, the first would be too.
    await vi.waitFor(() => expect(resetLinkFor(email)).toBeDefined());
    expect(resetLinkFor(email)).toMatch(/^http:\/\/localhost:4000\/password\/reset\/[A-Za-z0-9_-]{40,}$/);
    expect(resetLinkFor(unknown)).toBeUndefined();
  });

  it('resets with the token once, revokes sessions, and refuses the token a second time', async () => {
    const email = uniqueEmail();
    const user = await register(t.app, { email, password: 'Original123' });
    const token = await newResetToken(email);

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
    const token = await newResetToken(email);
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

  it('keeps at most one live link: a new link voids the older one, and a reset voids them all', async () => {
    const email = uniqueEmail();
    await register(t.app, { email, password: 'Original123' });
    const first = await newResetToken(email);
    const second = await newResetToken(email);
    expect((await resetWith(first)).statusCode).toBe(400);
    const third = await newResetToken(email);
    expect((await resetWith(third)).statusCode).toBe(200);
    expect((await resetWith(second, 'Second12345')).statusCode).toBe(400);
    expect((await post('/auth/login', { email, password: 'Brandnew123' })).statusCode).toBe(200);
  });

  it('a password change voids the links issued before it', async () => {
    const email = uniqueEmail();
    const user = await register(t.app, { email, password: 'Original123' });
    const token = await newResetToken(email);
    const changed = await put(
      '/password/update',
      { oldPassword: 'Original123', newPassword: 'Changed1234', confirmPassword: 'Changed1234' },
      user.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(400);
    expect((await post('/auth/login', { email, password: 'Changed1234' })).statusCode).toBe(200);
  });

  it('an email change voids the links sent to the old address', async () => {
    const email = uniqueEmail();
    const user = await register(t.app, { email, password: 'Original123' });
    const token = await newResetToken(email);
    const moved = await put(
      '/me/update',
      { name: 'Moved', email: uniqueEmail('moved'), currentPassword: 'Original123' },
      user.auth,
    );
    expect(moved.statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(400);

    // An admin changing the address voids them too.
    const movedEmail = moved.json().user.email as string;
    const adminsToken = await newResetToken(movedEmail);
    const byAdmin = await put(
      `/admin/user/${user.userId}`,
      { name: 'Moved', email: uniqueEmail('by-admin'), role: 'user' },
      t.admin.auth,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect((await resetWith(adminsToken)).statusCode).toBe(400);
  });
});
