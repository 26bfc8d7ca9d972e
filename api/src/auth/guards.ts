import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { forbidden, NO_TOKEN_MESSAGE, SESSION_EXPIRED_MESSAGE, unauthorized } from '../http/errors.ts';
import { isLocalToken, type AccessTokens } from './access-tokens.ts';
import type { ClerkIdentity } from './clerk.ts';
import { findSessionUser } from './sessions.ts';

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * preHandlers for signed-in and admin routes. Every call re-reads the user, so a revoked session, a deleted
 * user or a changed role takes effect on the next request, not when the token expires.
 */
export function createGuards(db: Db, tokens: AccessTokens, clerk: ClerkIdentity | null) {
  async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized(NO_TOKEN_MESSAGE);
    if (isLocalToken(token)) {
      const claims = await tokens.verify(token);
      const user = claims && (await findSessionUser(db, claims.userId, claims.sessionId));
      if (!claims || !user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
      request.user = user;
      request.sessionId = claims.sessionId;
      return;
    }
    const user = clerk ? await clerk.resolve(token) : null;
    if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    request.user = user;
  }

  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    const role = request.user!.role;
    if (role !== 'admin') throw forbidden(`Role: ${role} is not allowed to access this resource`);
  }

  return { requireUser, requireAdmin };
}
export type Guards = ReturnType<typeof createGuards>;
