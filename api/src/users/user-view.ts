import type { User } from '@shop/shared-api/schemas';
import { DEFAULT_AVATAR_URL } from '@shop/shared-api/schemas';
import type { UserRow } from '../db/schema.ts';
import { absoluteUrl } from '../http/public-url.ts';

/** A user as the wire shows it: never the password hash or provider ids. */
export function toUserView(row: UserRow, baseUrl: string): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    avatar: { url: row.avatarUrl ? absoluteUrl(baseUrl, row.avatarUrl) : DEFAULT_AVATAR_URL },
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's fields as their audit entries show them: what the admin's form changes, never a secret. */
export const userAuditFields = (row: UserRow) => ({ name: row.name, email: row.email, role: row.role });
