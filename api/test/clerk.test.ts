import { describe, expect, it } from 'vitest';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { useTestApp } from './helpers/test-app.ts';
import { register } from './helpers/shop.ts';

// Clerk session tokens are RS256 JWTs; with CLERK_JWT_KEY (the instance's PEM public key) @clerk/backend
// verifies them without any network call, so a locally generated key pair stands in for Clerk.
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: PrivateKey;
let otherKey: PrivateKey;

const t = useTestApp(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  return { config: { clerkJwtKey: await exportSPKI(pair.publicKey) } };
});

function clerkToken(claims: Record<string, unknown>, key: PrivateKey = privateKey, expiresIn = '5m') {
  // Clerk's browser tokens name the origin they were issued to (azp).
  return new SignJWT({ sid: 'sess_test', azp: 'http://localhost:4000', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'ins_test' })
    .setIssuer('https://clerk.test.example')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 5)
    .setNotBefore(Math.floor(Date.now() / 1000) - 5)
    .setExpirationTime(expiresIn)
    .sign(key);
}
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe('Clerk session tokens', () => {
  it('a valid token signs the user in; /me creates them on first sight with role user', async () => {
    const token = await clerkToken({
      sub: 'user_clerk_1',
      email: 'Clerk.One@Example.com',
      name: 'Clerk One',
    });
    const first = await me(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      name: 'Clerk One',
      email: 'clerk.one@example.com',
      role: 'user',
    });
    const second = await me(await clerkToken({ sub: 'user_clerk_1' }));
    expect(second.json().user._id).toBe(first.json().user._id);
  });

  it('ignores any role claim: the role comes from the server user', async () => {
    const token = await clerkToken({
      sub: 'user_clerk_2',
      email: 'two@example.com',
      role: 'admin',
      public_metadata: { role: 'admin' },
    });
    expect((await me(token)).json().user.role).toBe('user');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('without profile claims the user still gets a placeholder email and the default name', async () => {
    const response = await me(await clerkToken({ sub: 'user_clerk_3' }));
    expect(response.json().user).toMatchObject({ name: 'User', email: 'user_clerk_3@users.clerk.invalid' });
  });

  it('refuses tokens signed by another key, expired, or without a subject', async () => {
    for (const token of [
      await clerkToken({ sub: 'user_clerk_4' }, otherKey),
      await clerkToken({ sub: 'user_clerk_4' }, privateKey, '-1m'),
      await clerkToken({}),
    ]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Session expired. Please login again.' });
    }
  });

  it('local tokens keep working beside Clerk', async () => {
    const user = await register(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.auth })).statusCode).toBe(
      200,
    );
  });

  it('links a Clerk sign-in to an existing local account only through a verified email', async () => {
    const local = await register(t.app, { email: 'owner@example.com', name: 'Owner' });
    const unverified = await me(await clerkToken({ sub: 'user_clerk_takeover', email: 'owner@example.com' }));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      success: false,
      message:
        'An account already uses owner@example.com: verify this email with your sign-in provider to link them',
    });
    const unverifiedAgain = await me(
      await clerkToken({ sub: 'user_clerk_takeover', email: 'owner@example.com', email_verified: false }),
    );
    expect(unverifiedAgain.statusCode).toBe(403);

    const verified = await me(
      await clerkToken({ sub: 'user_clerk_owner', email: 'owner@example.com', email_verified: true }),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user._id).toBe(local.userId);
  });

  it('takes tokens issued to the shop origins only (authorizedParties)', async () => {
    const elsewhere = await me(await clerkToken({ sub: 'user_clerk_azp', azp: 'https://evil.example' }));
    expect(elsewhere.statusCode).toBe(401);
    const nowhere = await me(await clerkToken({ sub: 'user_clerk_azp', azp: undefined }));
    expect(nowhere.statusCode).toBe(401);
    const ours = await me(await clerkToken({ sub: 'user_clerk_azp', azp: 'http://localhost:4000' }));
    expect(ours.statusCode).toBe(200);
  });
});
