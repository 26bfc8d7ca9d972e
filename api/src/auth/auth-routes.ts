import { eq } from 'drizzle-orm';
import {
  authSessionResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  successSchema,
} from '@shop/shared-api/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { users } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { badRequest, HttpError, unauthorized, SESSION_EXPIRED_MESSAGE } from '../http/errors.ts';
import { isUniqueViolation } from '../http/db-errors.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { toUserView, type UserRow } from '../users/user-view.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { ACCESS_TOKEN_SECONDS } from './access-tokens.ts';
import { revokeSession, rotateSession, sessionIdOfRefreshToken, startSession } from './sessions.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';

const tags = ['identity'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/** The local identity provider's sessions: register, login, refresh (cookie rotation), logout. */
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

  // Guessing one account's password is limited per client and account; spraying many accounts from one
  // client hits a per-client ceiling five times higher. Checked once the body is parsed (the email is in it).
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
      preValidation: limitLogins,
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
}
