import { SignJWT, jwtVerify, decodeProtectedHeader } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'shop-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived HS256 access tokens naming a user and the session they belong to. */
export function createAccessTokens(secret: Uint8Array) {
  return {
    async sign(claims: AccessClaims) {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(secret);
    },
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        // An expiry is required, and no token is older than a token lives, whatever its expiry says.
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_SECONDS,
          clockTolerance: 30,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Our own tokens are HS256; anything else (RS256) is a Clerk session token. */
export function isLocalToken(token: string) {
  try {
    return decodeProtectedHeader(token).alg === 'HS256';
  } catch {
    return false;
  }
}
