import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { passwordResets } from '../db/schema.ts';
import { randomToken, sha256 } from './secrets.ts';

export const RESET_TOKEN_MINUTES = 30;

/** A new single-use reset token for the user; only its hash is stored. */
export async function issueResetToken(db: DbOrTx, userId: string) {
  const token = randomToken(32);
  await db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
  });
  return token;
}

/** Marks a live token used and answers its user, or null for an unknown, used or expired token. */
export async function consumeResetToken(db: DbOrTx, token: string): Promise<string | null> {
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return reset?.userId ?? null;
}
