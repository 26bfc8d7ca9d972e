import type { FastifyReply } from 'fastify';
import { SESSION_DAYS } from './sessions.ts';

export const REFRESH_COOKIE = 'shop_refresh';
const COOKIE_PATH = '/api/v1/auth';

/**
 * httpOnly so page scripts never see it; Lax and scoped to the auth routes so it travels nowhere else;
 * Secure whenever the browser reached the api over https.
 */
export function setRefreshCookie(reply: FastifyReply, refreshToken: string, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    path: COOKIE_PATH,
    secure,
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
}
