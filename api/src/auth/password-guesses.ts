import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import type { ZodApp } from '../http/types.ts';
import { tooManyRequests } from '../http/errors.ts';
import { claimLoginAttempt, clearLoginFailures } from './login-throttle.ts';

/** The same email however it was typed: one account, one count. */
const accountOf = (email: string) => email.trim().toLowerCase();

/**
 * Every place a password is checked against an account: a login, and the current password of a password or
 * email change. They share one budget of guesses, so a stolen 15-minute access token cannot be turned into
 * the password by guessing it through the profile routes:
 * - per client address over all accounts: `authRateLimit` × 5 a minute (spraying many accounts);
 * - per client address and account: `authRateLimit` a minute;
 * - per client address and account, in the database so every instance counts together: five free
 *   failures, then a wait that doubles up to a minute (claimLoginAttempt).
 * Each refusal is a 429 with Retry-After.
 */
export function createPasswordGuessLimits(app: ZodApp, db: DbOrTx, authRateLimit: number) {
  const perMinute = [
    app.createRateLimit({
      max: authRateLimit * 5,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login|${request.ip}`,
    }),
    app.createRateLimit({
      max: authRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login|${request.ip}|${guessedAccount(request) ?? ''}`,
    }),
  ];
  /** The account a login names in its body; the signed-in user's for the profile routes. */
  const guessedAccount = (request: FastifyRequest) => {
    if (request.user) return accountOf(request.user.email);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? accountOf(email) : null;
  };

  /** Before a password is checked against `email`'s account: refused (429) when this caller must wait. */
  async function beforePasswordCheck(request: FastifyRequest, email: string) {
    for (const limit of perMinute) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(
          `Too many password attempts, retry in ${Math.max(1, result.ttlInSeconds)} seconds`,
          result.ttlInSeconds,
        );
    }
    const wait = await claimLoginAttempt(db, { email: accountOf(email), address: request.ip });
    if (wait !== null)
      throw tooManyRequests(
        `Too many wrong passwords for this account from here, retry in ${wait} seconds`,
        wait,
      );
  }

  /** The password was right: this address's count on the account starts over. */
  const passwordAccepted = (request: FastifyRequest, email: string) =>
    clearLoginFailures(db, accountOf(email), request.ip);

  return { beforePasswordCheck, passwordAccepted };
}
export type PasswordGuessLimits = ReturnType<typeof createPasswordGuessLimits>;
