import { describe, expect, it } from 'vitest';
import { admin, shopper } from '../test/render.tsx';
import { resolveRole, resolveShopUser } from './resolve-user.ts';

describe('resolving the displayed user', () => {
  it('prefers the server user', () => {
    expect(resolveShopUser(shopper, { firstName: 'Other', role: 'admin' })).toEqual({
      id: shopper._id,
      name: 'Shopper',
      email: 'shopper@example.com',
      avatarUrl: '/uploads/shopper.png',
      role: 'user',
      createdAt: shopper.createdAt,
    });
  });

  it("falls back to the provider's profile: first and last name, first email, image, metadata role", () => {
    expect(
      resolveShopUser(null, {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        imageUrl: 'https://img.example/asha.png',
        role: 'admin',
      }),
    ).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      avatarUrl: 'https://img.example/asha.png',
      role: 'admin',
      createdAt: null,
    });
  });

  it("defaults to name 'User' and avatar /profile.png", () => {
    expect(resolveShopUser(null, {})).toMatchObject({
      name: 'User',
      avatarUrl: '/profile.png',
      role: 'user',
    });
    expect(resolveShopUser({ ...shopper, name: ' ', avatar: { url: '' } }, null)).toMatchObject({
      name: 'User',
      avatarUrl: '/profile.png',
    });
  });

  it('is null for nobody', () => {
    expect(resolveShopUser(null, null)).toBeNull();
  });

  it("takes the role from the server user, else the provider's public metadata", () => {
    expect(resolveRole(admin, { role: 'user' })).toBe('admin');
    expect(resolveRole(shopper, { role: 'admin' })).toBe('user');
    expect(resolveRole(null, { role: 'admin' })).toBe('admin');
    expect(resolveRole(null, null)).toBe('user');
  });
});
