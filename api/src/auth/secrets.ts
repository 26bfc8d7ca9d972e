import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random url-safe token of `bytes` bytes. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Refresh and reset tokens are stored only as their SHA-256, so a database leak does not hand out sessions. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
