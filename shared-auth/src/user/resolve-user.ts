import { DEFAULT_AVATAR_URL, type Role, type User } from '@shop/shared-api';
import type { ProviderProfile } from './provider-profile.ts';

/** The person as every screen shows them, whichever source answered. */
export interface ShopUser {
  id: string | null;
  name: string;
  email: string;
  avatarUrl: string;
  role: Role;
  createdAt: string | null;
}

const DEFAULT_NAME = 'User';

/** docs/product.md, who may do what: the server user's role, else the provider's public metadata role, else 'user'. */
export function resolveRole(user: User | null, profile: ProviderProfile | null): Role {
  return user?.role ?? profile?.role ?? 'user';
}

/**
 * docs/product.md, things the shop keeps: the server user when there is one, otherwise the provider's profile (first and last name,
 * first email, image, public metadata role); default name 'User' and avatar /profile.png.
 */
export function resolveShopUser(user: User | null, profile: ProviderProfile | null): ShopUser | null {
  if (!user && !profile) return null;
  const providerName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ').trim();
  return {
    id: user?._id ?? null,
    name: user?.name?.trim() || providerName || DEFAULT_NAME,
    email: user?.email || profile?.email || '',
    avatarUrl: user?.avatar?.url || profile?.imageUrl || DEFAULT_AVATAR_URL,
    role: resolveRole(user, profile),
    createdAt: user?.createdAt ?? null,
  };
}
