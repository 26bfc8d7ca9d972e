import { createHmac } from 'node:crypto';
import { sameSecret } from './secrets.ts';

const SESSION_ID = /^[0-9a-f]{24}$/;

/** A refresh cookie taken apart: whose session it names, its secret, and whether this api sealed it. */
export interface OpenedRefreshToken {
  sessionId: string;
  secret: string;
  /**
   * The seal is ours: this api issued exactly this secret for this session at some point. A cookie from
   * before seals existed (two parts) is not sealed, and is only ever checked against the stored hashes.
   */
  sealed: boolean;
}

/**
 * Refresh cookies are `<sessionId>.<secret>.<seal>`, the seal an HMAC of the first two under a key derived
 * from the signing secret. A cookie with a bad seal was never issued here: it is refused before the
 * database is asked, so a known session id with a made-up secret can do nothing to that session; a cookie
 * with a good seal whose secret is no longer the session's is a rotated-away cookie replayed (theft).
 */
export function createRefreshSeal(signingSecret: Uint8Array) {
  const key = createHmac('sha256', signingSecret).update('shop refresh cookie seal v1').digest();
  const sealOf = (sessionId: string, secret: string) =>
    createHmac('sha256', key).update(`${sessionId}.${secret}`).digest('base64url');

  return {
    seal: (sessionId: string, secret: string) => `${sessionId}.${secret}.${sealOf(sessionId, secret)}`,
    /** The parts of a well-formed cookie whose seal (when it has one) is ours; null for anything else. */
    open(token: string | undefined): OpenedRefreshToken | null {
      const [sessionId, secret, seal, extra] = (token ?? '').split('.');
      if (!sessionId || !secret || extra !== undefined || !SESSION_ID.test(sessionId)) return null;
      if (seal === undefined) return { sessionId, secret, sealed: false };
      return sameSecret(seal, sealOf(sessionId, secret)) ? { sessionId, secret, sealed: true } : null;
    },
  };
}
export type RefreshSeal = ReturnType<typeof createRefreshSeal>;
