import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loginThrottle } from '../db/schema.ts';

/** Wrong passwords an account takes before it has to wait between attempts. */
export const FREE_FAILURES = 5;
/** The longest wait: an attacker cannot lock the owner out for longer than this at a time. */
export const MAX_LOCK_SECONDS = 60;
/** A quiet quarter of an hour and the count starts over. */
const FORGET_AFTER = sql`interval '15 minutes'`;

/**
 * Counts a login attempt on this account before its password is checked, atomically, whatever address
 * it comes from. After FREE_FAILURES, each attempt makes the next one wait 1, 2, 4 ... up to 60 seconds.
 * Answers the seconds to wait when the account is waiting now (the attempt is then not counted).
 */
export async function claimLoginAttempt(db: DbOrTx, email: string): Promise<number | null> {
  const stale = sql`${loginThrottle.lastFailureAt} < now() - ${FORGET_AFTER}`;
  const next = sql`(case when ${stale} then 1 else ${loginThrottle.failures} + 1 end)`;
  const claimed = await db
    .insert(loginThrottle)
    .values({ email, failures: 1, lastFailureAt: sql`now()`, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.email,
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
    .where(eq(loginThrottle.email, email));
  return Math.max(1, Number(row?.seconds ?? 1));
}

/** The owner got in (or reset the password): the count starts over. */
export async function clearLoginFailures(db: DbOrTx, email: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.email, email));
}
