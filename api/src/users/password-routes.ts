import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequestSchema,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_MESSAGE,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  successMessageSchema,
  successSchema,
  updatePasswordRequestSchema,
} from '@shop/shared-api/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { clearLoginFailures } from '../auth/login-throttle.ts';
import { consumeResetToken, issueResetToken, voidResetTokens } from '../auth/reset-tokens.ts';
import { findUserByEmail, updateUser } from './user-repository.ts';
import { sendInBackground } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/messages.ts';

const tag = 'identity';

/** Password change, and forgot/reset with a single-use link mailed (or written to the server log). */
export function registerPasswordRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  async function sendResetLink(email: string, log: FastifyBaseLogger) {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueResetToken(db, user.id);
    sendInBackground(ctx.mailer, passwordResetMail(ctx.config.shopUrl, user.email, token), log);
  }

  app.put(
    '/password/update',
    kit.user({
      tag,
      summary: 'Change the password',
      body: updatePasswordRequestSchema,
      response: { 200: successSchema },
      errors: [429, 503],
    }),
    async (request) => {
      const user = currentUser(request);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      if (newPassword !== confirmPassword) throw badRequest('New passwords do not match!');
      if (newPassword.length < PASSWORD_MIN_LENGTH)
        throw badRequest('New password must be at least 8 characters long!');
      // The old password is a guess like a login's, from the same budget.
      await ctx.passwordGuesses.beforePasswordCheck(request, user.email);
      if (!(await verifyPassword(user.passwordHash, oldPassword)))
        throw badRequest('Old password is incorrect');
      await ctx.passwordGuesses.passwordAccepted(request, user.email);
      await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
      // Other browsers signed in with the old password are signed out; this one stays. Reset links
      // issued before the change no longer work.
      await revokeUserSessions(db, user.id, request.sessionId);
      await voidResetTokens(db, user.id);
      return { success: true as const };
    },
  );

  app.post(
    '/password/forgot',
    kit.public({
      tag,
      summary:
        'Send a password reset link (by mail with SMTP_URL, else written to the server log); same answer whether the account exists or not',
      body: forgotPasswordRequestSchema,
      response: { 200: successMessageSchema },
      rateLimit: ctx.config.authRateLimit,
    }),
    async (request) => {
      const { email } = request.body;
      // The account is looked up, its link written and mailed after the answer has left: the answer is
      // the same work whether the account exists or not, so its timing tells nothing.
      setImmediate(() => {
        sendResetLink(email, request.log).catch((error: unknown) =>
          request.log.error({ err: error }, 'password reset link not sent'),
        );
      });
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.put(
    '/password/reset/:token',
    kit.public({
      tag,
      summary: 'Set a new password with a reset token; signs the account out everywhere',
      params: resetPasswordParamsSchema,
      body: resetPasswordRequestSchema,
      response: { 200: successMessageSchema },
      rateLimit: ctx.config.authRateLimit,
    }),
    async (request) => {
      const { password, confirmPassword } = request.body;
      if (password !== confirmPassword) throw badRequest('Passwords do not match!');
      if (password.length < PASSWORD_MIN_LENGTH)
        throw badRequest('Password must be at least 8 characters long!');
      const passwordHash = await hashPassword(password);
      const userId = await consumeResetToken(db, request.params.token);
      if (!userId) throw badRequest('Password reset token is invalid or has expired');
      const user = await updateUser(db, userId, { passwordHash });
      await revokeUserSessions(db, userId);
      // The owner proved their address: a lock from someone guessing their old password ends.
      if (user) await clearLoginFailures(db, user.email);
      return { success: true as const, message: RESET_PASSWORD_MESSAGE };
    },
  );
}
