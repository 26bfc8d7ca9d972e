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

  app.put(
    '/password/update',
    kit.user({
      tag,
      summary: 'Change the password',
      body: updatePasswordRequestSchema,
      response: { 200: successSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      if (newPassword !== confirmPassword) throw badRequest('New passwords do not match!');
      if (newPassword.length < PASSWORD_MIN_LENGTH)
        throw badRequest('New password must be at least 8 characters long!');
      if (!(await verifyPassword(user.passwordHash, oldPassword)))
        throw badRequest('Old password is incorrect');
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
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = await issueResetToken(db, user.id);
        // Mailed in the background: the answer must not reveal, by its timing, that the account exists.
        sendInBackground(ctx.mailer, passwordResetMail(ctx.config.shopUrl, user.email, token), request.log);
      }
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
