import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loginThrottle } from '../db/schema.ts';

/** Wrong passwords an account takes from one address before that address has to wait between attempts. */
export const FREE_FAILURES = 5;
/** The longest wait: however long the guessing goes on, one address waits at most this between tries. */
export const MAX_LOCK_SECONDS = 60;
/** A quiet quarter of an hour and the count starts over. */
const FORGET_AFTER = sql`interval '15 minutes'`;

/** Who is guessing at which account: the account's email (known or not) and the client address. */
export interface GuessSource {
  email: string;
  address: string;
}

/**
 * Counts a password check of this account from this address before the password is checked, atomically.
 * After FREE_FAILURES, each attempt makes the next one from the address wait 1, 2, 4 ... up to 60 seconds.
 * Answers the seconds to wait when the address is waiting now (the attempt is then not counted).
 * Keyed by address too: a lock made by someone guessing must not keep the owner out from elsewhere.
 */
export async function claimLoginAttempt(db: DbOrTx, { email, address }: GuessSource): Promise<number | null> {
  const stale = sql`${loginThrottle.lastFailureAt} < now() - ${FORGET_AFTER}`;
  const next = sql`(case when ${stale} then 1 else ${loginThrottle.failures} + 1 end)`;
  const claimed = await db
    .insert(loginThrottle)
    .values({ email, address, failures: 1, lastFailureAt: sql`now()`, lockedUntil: null })
    .onConflictDoUpdate({
      target: [loginThrottle.email, loginThrottle.address],
      set: {
        failures: next,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${next} > ${FREE_FAILURES}
          then now() + least(${MAX_LOCK_SECONDS}, power(2, ${next} - ${FREE_FAILURES + 1})) * interval '1 second'
          end`,
      },
      setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= now()`,
    })
    .returning({ failures: loginThrottle.failures });
  if (claimed.length > 0) return null;
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${loginThrottle.lockedUntil} - now()))::int` })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.email, email), eq(loginThrottle.address, address)));
  return Math.max(1, Number(row?.seconds ?? 1));
}

/**
 * The right password from this address: its count starts over. Without an address (a reset through the
 * mailed link proves the owner), every address's count on the account does.
 */
export async function clearLoginFailures(db: DbOrTx, email: string, address?: string) {
  await db
    .delete(loginThrottle)
    .where(
      and(
        eq(loginThrottle.email, email),
        address === undefined ? undefined : eq(loginThrottle.address, address),
      ),
    );
}
