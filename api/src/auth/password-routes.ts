import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  errorResponseSchema,
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
import { passwordResets, users } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { currentUser } from './guards.ts';
import { randomToken, sha256 } from './secrets.ts';

const RESET_TOKEN_MINUTES = 30;
const tags = ['identity'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/** Password change, and forgot/reset with a single-use link written to the server log. */
export function registerPasswordRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;
  const authRateLimit = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  app.put(
    '/password/update',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'Change the password',
        security: [{ bearerAuth: [] }],
        body: updatePasswordRequestSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      if (newPassword !== confirmPassword) throw badRequest('New passwords do not match!');
      if (newPassword.length < PASSWORD_MIN_LENGTH)
        throw badRequest('New password must be at least 8 characters long!');
      if (!(await verifyPassword(user.passwordHash, oldPassword)))
        throw badRequest('Old password is incorrect');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword) })
        .where(eq(users.id, user.id));
      // Other browsers signed in with the old password are signed out; this one stays.
      await revokeUserSessions(db, user.id, request.sessionId);
      return { success: true as const };
    },
  );

  app.post(
    '/password/forgot',
    {
      config: authRateLimit,
      schema: {
        tags,
        summary:
          'Send a password reset link (written to the server log); same answer whether the account exists or not',
        body: forgotPasswordRequestSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (user) {
        const token = randomToken(32);
        await db.insert(passwordResets).values({
          tokenHash: sha256(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
        });
        request.log.info(`Password reset link for ${email}: ${ctx.config.shopUrl}/password/reset/${token}`);
      }
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.put(
    '/password/reset/:token',
    {
      config: authRateLimit,
      schema: {
        tags,
        summary: 'Set a new password with a reset token; signs the account out everywhere',
        params: resetPasswordParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { password, confirmPassword } = request.body;
      if (password !== confirmPassword) throw badRequest('Passwords do not match!');
      if (password.length < PASSWORD_MIN_LENGTH)
        throw badRequest('Password must be at least 8 characters long!');
      const passwordHash = await hashPassword(password);
      const [reset] = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(request.params.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!reset) throw badRequest('Password reset token is invalid or has expired');
      await db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
      await revokeUserSessions(db, reset.userId);
      return { success: true as const, message: RESET_PASSWORD_MESSAGE };
    },
  );
}
