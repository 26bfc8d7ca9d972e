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
import { HttpError, unauthorized, SESSION_EXPIRED_MESSAGE } from '../http/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { ACCESS_TOKEN_SECONDS } from '../auth/access-tokens.ts';
import { claimLoginAttempt, clearLoginFailures } from '../auth/login-throttle.ts';
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
    const { sessionId, refreshToken } = session ?? (await startSession(db, user.id));
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
    }),
    async (request, reply) => {
      const { name, email, password } = request.body;
      const user = await insertUser(db, { name, email, passwordHash: await hashPassword(password) });
      reply.status(201);
      return issueSession(request, reply, user);
    },
  );

  // Guessing one account's password is limited per client and account, and per account whatever the
  // address (claimLoginAttempt); spraying many accounts from one client hits a per-client ceiling five
  // times higher. Checked once the body is valid (the email is in it).
  const loginLimits = [
    app.createRateLimit({
      max: ctx.config.authRateLimit * 5,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login|${request.ip}`,
    }),
    app.createRateLimit({
      max: ctx.config.authRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `login|${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    }),
  ];
  async function limitLogins(request: FastifyRequest) {
    for (const limit of loginLimits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(
          429,
          `Too many login attempts, retry in ${Math.max(1, result.ttlInSeconds)} seconds`,
        );
      }
    }
  }

  app.post(
    '/auth/login',
    {
      ...kit.public({
        tag,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: authSessionResponseSchema },
        errors: [401, 429],
      }),
      preHandler: limitLogins,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted before the password is checked, so parallel guesses cannot slip past the count.
      const wait = await claimLoginAttempt(db, email);
      if (wait !== null)
        throw new HttpError(429, `Too many failed logins for this account, retry in ${wait} seconds`);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      await clearLoginFailures(db, email);
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
    }),
    async (request, reply) => {
      const rotated = await rotateSession(db, request.cookies[REFRESH_COOKIE]);
      if (!rotated) {
        clearRefreshCookie(reply, kit.isHttps(request));
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
    }),
    async (request, reply) => {
      const byCookie = await sessionOfRefreshToken(db, request.cookies[REFRESH_COOKIE]);
      if (byCookie) await revokeSession(db, byCookie);
      const token = bearerToken(request);
      const claims = token ? await ctx.tokens.verify(token) : null;
      if (claims) await revokeSession(db, claims.sessionId);
      clearRefreshCookie(reply, kit.isHttps(request));
      return { success: true as const };
    },
  );
}
