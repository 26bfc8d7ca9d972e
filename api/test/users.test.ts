import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  pngDataUrl,
  register,
  registerAdmin,
  tinyPng,
  uniqueEmail,
  type SignedIn,
} from './helpers/shop.ts';
import { multipart } from './helpers/multipart.ts';
import { and, eq, notInArray } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';

const t = useTestApp({ admin: true });

const updateMe = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/me/update', headers: who.auth, payload });

describe('profile update', () => {
  it('changes name and email from JSON', async () => {
    const user = await register(t.app);
    const email = uniqueEmail('renamed');
    const response = await updateMe(user, { name: 'New Name', email, currentPassword: 'Password123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { _id: user.userId, name: 'New Name', email },
    });
  });

  it('asks for the current password to change the email, not to change the name', async () => {
    const user = await register(t.app);
    const email = uniqueEmail('moved');
    const missing = await updateMe(user, { name: 'Mover', email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('currentPassword: enter your current password to change your email');
    const wrong = await updateMe(user, { name: 'Mover', email, currentPassword: 'NotMine123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('currentPassword: the current password is incorrect');
    const unchanged = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.auth });
    expect(unchanged.json().user).toMatchObject({ name: 'Test User', email: user.email });
    // The same address in another case is no change.
    const renamed = await updateMe(user, { name: 'Mover', email: user.email.toUpperCase() });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'Mover', email: user.email });
  });

  it('takes the avatar as an image data URL in form data, replacing (and deleting) the previous one', async () => {
    const user = await register(t.app);
    const first = multipart({ name: 'Avatar User', email: user.email, avatar: pngDataUrl() });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...user.auth, ...first.headers },
      payload: first.payload,
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().user.avatar.url);
    expect(url.pathname).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const file = path.join(t.dataDir, 'uploads', url.pathname.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);

    const second = multipart({ name: 'Avatar User', email: user.email }, [
      { field: 'avatar', filename: 'me.png', type: 'image/png', bytes: tinyPng() },
    ]);
    const replaced = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { ...user.auth, ...second.headers },
      payload: second.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().user.avatar.url).not.toBe(response.json().user.avatar.url);
    expect(existsSync(file)).toBe(false);

    // Without an avatar the current one stays.
    const kept = await updateMe(user, { name: 'Still Me', email: user.email });
    expect(kept.json().user.avatar.url).toBe(replaced.json().user.avatar.url);
  });

  it('refuses an avatar that is not an image, an email taken by someone else, and missing fields', async () => {
    const user = await register(t.app);
    const other = await register(t.app);
    const notImage = await updateMe(user, {
      name: 'X',
      email: user.email,
      avatar: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/image/);
    const notDataUrl = await updateMe(user, {
      name: 'X',
      email: user.email,
      avatar: 'http://example.com/a.png',
    });
    expect(notDataUrl.statusCode).toBe(400);
    const taken = await updateMe(user, { name: 'X', email: other.email, currentPassword: 'Password123' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Email is already registered');
    expect((await updateMe(user, { email: user.email })).statusCode).toBe(400);
    expect((await updateMe(user, { name: 'X', email: 'bad' })).statusCode).toBe(400);
  });
});

describe('promote to admin', () => {
  it('makes the caller an admin where self-promotion is allowed', async () => {
    const user = await register(t.app);
    const response = await t.request('POST', '/promote-to-admin', { as: user, payload: { role: 'admin' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { _id: user.userId, role: 'admin' },
      message: expect.any(String),
    });
    // The role is read from the server user on every call: the same token now opens admin routes.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: user.auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.request('POST', '/promote-to-admin', { as: user, payload: { role: 'superuser' } })).statusCode,
    ).toBe(400);
  });

  it('answers 403 with a message saying so where self-promotion is off', async () => {
    const locked = await startTestApp({ config: { allowSelfPromotion: false } });
    try {
      const user = await register(locked.app);
      const response = await locked.app.inject({
        method: 'POST',
        url: '/api/v1/promote-to-admin',
        headers: user.auth,
        payload: { role: 'admin' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: expect.stringMatching(/Self-promotion to admin is disabled/),
      });
      const me = await locked.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.auth });
      expect(me.json().user.role).toBe('user');
    } finally {
      await locked.close();
    }
  });
});

describe('admin users', () => {
  it('lists users and reads one', async () => {
    const user = await register(t.app, { name: 'Listed' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: t.admin.auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().users).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: user.userId, name: 'Listed', role: 'user' })]),
    );
    const one = await t.request('GET', `/admin/user/${user.userId}`, { as: t.admin });
    expect(one.json()).toMatchObject({ success: true, user: { _id: user.userId } });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/user/${'0'.repeat(24)}`,
          headers: t.admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('updates name, email and role; validates them', async () => {
    const user = await register(t.app);
    const email = uniqueEmail('promoted');
    const response = await t.request('PUT', `/admin/user/${user.userId}`, {
      as: t.admin,
      payload: { name: 'Promoted', email, role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { name: 'Promoted', email, role: 'admin' },
    });
    for (const payload of [
      { name: 'X', email, role: 'owner' },
      { name: '', email, role: 'user' },
      { name: 'X', email: 'nope', role: 'user' },
    ]) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/v1/admin/user/${user.userId}`,
            headers: t.admin.auth,
            payload,
          })
        ).statusCode,
      ).toBe(400);
    }
    const selfDemote = await t.request('PUT', `/admin/user/${t.admin.userId}`, {
      as: t.admin,
      payload: { name: 'Me', email: t.admin.email, role: 'user' },
    });
    expect(selfDemote.statusCode).toBe(400);
  });

  it('deletes a user: sessions end, reviews go and product ratings are recomputed', async () => {
    const product = await addProduct(t.app);
    const keeper = await register(t.app);
    const leaver = await register(t.app);
    await t.request('PUT', '/review', {
      as: keeper,
      payload: { rating: 5, comment: 'Keep', productId: product.id },
    });
    await t.request('PUT', '/review', {
      as: leaver,
      payload: { rating: 1, comment: 'Leave', productId: product.id },
    });

    const response = await t.request('DELETE', `/admin/user/${leaver.userId}`, { as: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'User Deleted Successfully' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: leaver.auth })).statusCode).toBe(
      401,
    );
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/product/${product.id}` })).json()
      .product;
    expect(detail).toMatchObject({ ratings: 5, numOfReviews: 1 });
    expect((await t.request('DELETE', `/admin/user/${leaver.userId}`, { as: t.admin })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/admin/user/${t.admin.userId}`, { as: t.admin })).statusCode).toBe(
      400,
    );
  });

  it('the last admin cannot be demoted or deleted by anyone, even two admins at once', async () => {
    const [first, second] = [await registerAdmin(t.app), await registerAdmin(t.app)];
    // Only these two stay admins: the file's own admin steps down first.
    await t.app.shop.db
      .update(users)
      .set({ role: 'user' })
      .where(and(eq(users.role, 'admin'), notInArray(users.id, [first.userId, second.userId])));
    const demote = (by: SignedIn, who: SignedIn) =>
      t.request('PUT', `/admin/user/${who.userId}`, {
        as: by,
        payload: { name: 'Admin', email: who.email, role: 'user' },
      });
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    // The loser is refused as the last admin, or (when its own demotion came first) as no longer an admin.
    const [won, lost] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(won!.statusCode).toBe(200);
    expect([
      { status: 400, message: 'The last admin cannot be demoted' },
      { status: 403, message: 'Role: user is not allowed to access this resource' },
    ]).toContainEqual({ status: lost!.statusCode, message: lost!.json().message });
    const admins = await t.app.shop.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);

    // Two admins deleting each other at once: one of them stays.
    const remaining = admins[0]!.id === first.userId ? first : second;
    const newcomer = await registerAdmin(t.app);
    const [deleteA, deleteB] = await Promise.all([
      t.request('DELETE', `/admin/user/${remaining.userId}`, { as: newcomer }),
      t.request('DELETE', `/admin/user/${newcomer.userId}`, { as: remaining }),
    ]);
    // The loser is refused as the last admin, or (when its own deletion came first) as signed out.
    const statuses = [deleteA.statusCode, deleteB.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401]).toContain(statuses[1]);
    expect(await t.app.shop.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });

  it('names lose right-to-left override and other direction controls', async () => {
    const user = await register(t.app, { name: 'Eve\u202Egnp.exe\u2066x\u2069' });
    const me = await t.request('GET', '/me', { as: user });
    expect(me.json().user.name).toBe('Evegnp.exex');
    const renamed = await updateMe(user, { name: '\u202Dadmin\u200F', email: user.email });
    expect(renamed.json().user.name).toBe('admin');
  });
});
