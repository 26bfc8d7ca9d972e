import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  authSessionResponseSchema,
  errorResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  PASSWORD_MIN_LENGTH,
  registerRequestSchema,
  RESET_PASSWORD_MESSAGE,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  successMessageSchema,
  successSchema,
  updatePasswordRequestSchema,
} from '@shop/shared-api/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { passwordResets, users } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { badRequest, unauthorized, SESSION_EXPIRED_MESSAGE } from '../http/errors.ts';
import { isUniqueViolation } from '../http/db-errors.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { toUserView, type UserRow } from '../users/user-view.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { ACCESS_TOKEN_SECONDS } from './access-tokens.ts';
import {
  revokeSession,
  revokeUserSessions,
  rotateSession,
  sessionIdOfRefreshToken,
  startSession,
} from './sessions.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';
import { currentUser } from './guards.ts';
import { randomToken, sha256 } from './secrets.ts';

const RESET_TOKEN_MINUTES = 30;
const tags = ['identity'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/** The local identity provider: register, login, refresh, logout, password change, forgot and reset. */
export function registerAuthRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;
  const authRateLimit = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  async function issueSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    session?: { sessionId: string; refreshToken: string },
  ) {
    const { sessionId, refreshToken } = session ?? (await startSession(db, user.id));
    setRefreshCookie(request, reply, refreshToken);
    const accessToken = await ctx.tokens.sign({ userId: user.id, sessionId });
    return {
      success: true as const,
      user: toUserView(user, requestBaseUrl(request, ctx.config.publicApiUrl)),
      accessToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
    };
  }

  app.post(
    '/auth/register',
    {
      config: authRateLimit,
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: authSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const passwordHash = await hashPassword(password);
      let user: UserRow | undefined;
      try {
        [user] = await db.insert(users).values({ id: newId(), name, email, passwordHash }).returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('Email is already registered');
        throw error;
      }
      reply.status(201);
      return issueSession(request, reply, user!);
    },
  );

  app.post(
    '/auth/login',
    {
      config: authRateLimit,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: authSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      return issueSession(request, reply, user);
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'New access token from the httpOnly refresh cookie (the cookie is rotated)',
        response: { 200: authSessionResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const rotated = await rotateSession(db, request.cookies[REFRESH_COOKIE]);
      if (!rotated) {
        clearRefreshCookie(request, reply);
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      return issueSession(request, reply, rotated.user, rotated);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke this session and clear the cookie (fine for guests)',
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      const sessionId = sessionIdOfRefreshToken(request.cookies[REFRESH_COOKIE]);
      if (sessionId) await revokeSession(db, sessionId);
      clearRefreshCookie(request, reply);
      return { success: true as const };
    },
  );

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
