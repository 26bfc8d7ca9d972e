import {
  authSessionResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  successSchema,
} from '@shop/shared-api/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import type { ZodApp } from '../http/types.ts';
import { unauthorized, SESSION_EXPIRED_MESSAGE } from '../http/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { ACCESS_TOKEN_SECONDS } from '../auth/access-tokens.ts';
import { revokeSession, rotateSession, sessionOfRefreshToken, startSession } from '../auth/sessions.ts';
import { bearerToken } from '../auth/guards.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../auth/refresh-cookie.ts';
import { toUserView } from './user-view.ts';
import { findUserByEmail, insertUser } from './user-repository.ts';

const tag = 'identity';

/** The local identity provider's sessions: register, login, refresh (cookie rotation), logout. */
export function registerIdentityRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  async function issueSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    session?: { sessionId: string; refreshToken: string },
  ) {
    const { sessionId, refreshToken } = session ?? (await startSession(db, ctx.refreshSeal, user.id));
    setRefreshCookie(reply, refreshToken, kit.isHttps(request));
    const accessToken = await ctx.tokens.sign({ userId: user.id, sessionId });
    return {
      success: true as const,
      user: toUserView(user, kit.baseUrlOf(request)),
      accessToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
    };
  }

  app.post(
    '/auth/register',
    kit.public({
      tag,
      summary: 'Create an account and sign in',
      body: registerRequestSchema,
      response: { 201: authSessionResponseSchema },
      rateLimit: ctx.config.authRateLimit,
      cookie: true,
    }),
    async (request, reply) => {
      const { name, email, password } = request.body;
      const user = await insertUser(db, { name, email, passwordHash: await hashPassword(password) });
      reply.status(201);
      return issueSession(request, reply, user);
    },
  );

  app.post(
    '/auth/login',
    {
      ...kit.public({
        tag,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: authSessionResponseSchema },
        errors: [401, 429, 503],
        cookie: true,
      }),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted before the password is checked, so parallel guesses cannot slip past the count.
      await ctx.passwordGuesses.beforePasswordCheck(request, email);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      await ctx.passwordGuesses.passwordAccepted(request, email);
      return issueSession(request, reply, user);
    },
  );

  app.post(
    '/auth/refresh',
    kit.public({
      tag,
      summary: 'New access token from the httpOnly refresh cookie (the cookie is rotated)',
      response: { 200: authSessionResponseSchema },
      errors: [401],
      cookie: true,
    }),
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const rotated = await rotateSession(db, ctx.refreshSeal, presented);
      if (!rotated) {
        // Only a cookie the browser sent is cleared: a call without one changes nothing.
        if (presented !== undefined) clearRefreshCookie(reply, kit.isHttps(request));
        throw unauthorized(SESSION_EXPIRED_MESSAGE);
      }
      return issueSession(request, reply, rotated.user, rotated);
    },
  );

  app.post(
    '/auth/logout',
    kit.public({
      tag,
      summary:
        'Revoke this session (proved by the refresh cookie or the bearer token) and clear the cookie (fine for guests)',
      response: { 200: successSchema },
      cookie: true,
    }),
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const byCookie = await sessionOfRefreshToken(db, ctx.refreshSeal, presented);
      if (byCookie) await revokeSession(db, byCookie);
      const token = bearerToken(request);
      const claims = token ? await ctx.tokens.verify(token) : null;
      if (claims) await revokeSession(db, claims.sessionId);
      if (presented !== undefined) clearRefreshCookie(reply, kit.isHttps(request));
      return { success: true as const };
    },
  );
}
