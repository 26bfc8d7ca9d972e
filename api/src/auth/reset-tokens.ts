import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { passwordResets } from '../db/schema.ts';
import { randomToken, sha256 } from './secrets.ts';

export const RESET_TOKEN_MINUTES = 30;

/** Voids every reset link of the user: after a reset, a password change or an email change. */
export async function voidResetTokens(db: DbOrTx, userId: string) {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/** A new single-use reset token for the user, voiding any older one: at most one live link. */
export async function issueResetToken(db: Db, userId: string) {
  const token = randomToken(32);
  await db.transaction(async (tx) => {
    await voidResetTokens(tx, userId);
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
    });
  });
  return token;
}

/**
 * The user of a live token, whose links are then all void; null for an unknown, used or expired token.
 * One statement takes the token, so two resets racing with the same link cannot both win.
 */
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
  if (!reset) return null;
  await voidResetTokens(db, reset.userId);
  return reset.userId;
}
