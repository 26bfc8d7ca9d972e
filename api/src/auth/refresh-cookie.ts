import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DAYS } from './sessions.ts';

export const REFRESH_COOKIE = 'shop_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** httpOnly so page scripts never see it; Lax and scoped to the auth routes so it travels nowhere else. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refreshToken: string) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
