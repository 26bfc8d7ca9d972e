import { verifyToken, createClerkClient } from '@clerk/backend';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { forbidden, HttpError } from '../http/errors.ts';

export interface ClerkOptions {
  jwtKey?: string | undefined;
  secretKey?: string | undefined;
  /** Origins the tokens must have been issued to (their `azp` claim). */
  authorizedParties: string[];
}

interface ClerkProfile {
  email: string;
  /** Clerk verified the address: only then may it link to an existing local account. */
  emailVerified: boolean;
  name: string;
  imageUrl: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Verifies Clerk session tokens (networkless with a PEM `jwtKey`, else through Clerk's JWKS with the secret
 * key; issued to the shop's origins only) and maps them to a server user, created on first sight. A local
 * account with the same email is linked only when Clerk verified that address. The role always comes from
 * the server user.
 */
export function createClerkIdentity(db: Db, options: ClerkOptions) {
  const client = options.secretKey ? createClerkClient({ secretKey: options.secretKey }) : null;

  async function clerkUser(clerkId: string) {
    try {
      return await client!.users.getUser(clerkId);
    } catch (error) {
      throw new HttpError(502, `The sign-in provider could not be reached (${(error as Error).message})`);
    }
  }

  async function profileOf(clerkId: string, claims: Record<string, unknown>): Promise<ClerkProfile> {
    // Session tokens carry the profile only when the Clerk dashboard adds it as custom claims.
    let email = text(claims.email) ?? text(claims.primary_email_address);
    let emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    let name =
      text(claims.name) ?? [text(claims.first_name), text(claims.last_name)].filter(Boolean).join(' ');
    let imageUrl = text(claims.image_url) ?? text(claims.picture) ?? null;
    if ((!email || !name || !emailVerified) && client) {
      const user = await clerkUser(clerkId);
      email ??= user.primaryEmailAddress?.emailAddress ?? user.emailAddresses[0]?.emailAddress;
      const address = user.emailAddresses.find(
        (candidate) => candidate.emailAddress.toLowerCase() === email?.toLowerCase(),
      );
      emailVerified ||= address?.verification?.status === 'verified';
      name ||= [user.firstName, user.lastName].filter(Boolean).join(' ');
      imageUrl ??= user.imageUrl || null;
    }
    return {
      email: (email ?? `${clerkId.toLowerCase()}@users.clerk.invalid`).toLowerCase(),
      emailVerified: email !== undefined && emailVerified,
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
          authorizedParties: options.authorizedParties,
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
        // Seen twice at once, or an existing local account with the same email.
        const [byClerk] = await db.select().from(users).where(eq(users.clerkId, clerkId));
        if (byClerk) return byClerk;
        // An unverified address is anyone's claim: linking it would hand them the account.
        if (!profile.emailVerified) {
          throw forbidden(
            `An account already uses ${profile.email}: verify this email with your sign-in provider to link them`,
          );
        }
        const [linked] = await db
          .update(users)
          .set({ clerkId })
          .where(and(eq(users.email, profile.email), isNull(users.clerkId)))
          .returning();
        return linked ?? null;
      }
    },
  };
}
export type ClerkIdentity = ReturnType<typeof createClerkIdentity>;
