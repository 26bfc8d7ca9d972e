import { verifyToken, createClerkClient } from '@clerk/backend';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { isUniqueViolation } from '../db/errors.ts';

export interface ClerkOptions {
  jwtKey?: string | undefined;
  secretKey?: string | undefined;
}

interface ClerkProfile {
  email: string;
  name: string;
  imageUrl: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Verifies Clerk session tokens (networkless with a PEM `jwtKey`, else through Clerk's JWKS with the secret
 * key) and maps them to a server user, created on first sight. The role always comes from the server user.
 */
export function createClerkIdentity(db: Db, options: ClerkOptions) {
  const client = options.secretKey ? createClerkClient({ secretKey: options.secretKey }) : null;

  async function profileOf(clerkId: string, claims: Record<string, unknown>): Promise<ClerkProfile> {
    // Session tokens carry the profile only when the Clerk dashboard adds it as custom claims.
    let email = text(claims.email) ?? text(claims.primary_email_address);
    let name =
      text(claims.name) ?? [text(claims.first_name), text(claims.last_name)].filter(Boolean).join(' ');
    let imageUrl = text(claims.image_url) ?? text(claims.picture) ?? null;
    if ((!email || !name) && client) {
      const user = await client.users.getUser(clerkId);
      email ??= user.primaryEmailAddress?.emailAddress ?? user.emailAddresses[0]?.emailAddress;
      name ||= [user.firstName, user.lastName].filter(Boolean).join(' ');
      imageUrl ??= user.imageUrl || null;
    }
    return {
      email: (email ?? `${clerkId.toLowerCase()}@users.clerk.invalid`).toLowerCase(),
      name: name || 'User',
      imageUrl,
    };
  }

  return {
    /** The server user of a valid Clerk token, or null when the token does not verify. */
    async resolve(token: string): Promise<UserRow | null> {
      let claims: Record<string, unknown>;
      try {
        claims = (await verifyToken(token, {
          ...(options.jwtKey ? { jwtKey: options.jwtKey } : {}),
          ...(options.secretKey ? { secretKey: options.secretKey } : {}),
        })) as Record<string, unknown>;
      } catch {
        return null;
      }
      const clerkId = text(claims.sub);
      if (!clerkId) return null;
      const [known] = await db.select().from(users).where(eq(users.clerkId, clerkId));
      if (known) return known;
      const profile = await profileOf(clerkId, claims);
      try {
        const [created] = await db
          .insert(users)
          .values({
            id: newId(),
            clerkId,
            email: profile.email,
            name: profile.name,
            avatarUrl: profile.imageUrl,
          })
          .returning();
        return created ?? null;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Seen twice at once, or an existing local account with the same (Clerk-verified) email: link it.
        const [byClerk] = await db.select().from(users).where(eq(users.clerkId, clerkId));
        if (byClerk) return byClerk;
        const [linked] = await db
          .update(users)
          .set({ clerkId })
          .where(eq(users.email, profile.email))
          .returning();
        return linked ?? null;
      }
    },
  };
}
export type ClerkIdentity = ReturnType<typeof createClerkIdentity>;
