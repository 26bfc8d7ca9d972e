import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { HttpError } from '../http/errors.ts';

// Argon2id with the library's defaults (19 MiB, 2 passes): slow enough to make offline guessing expensive.

/**
 * Hashes at once at most. Argon2 runs on libuv's thread pool (4 threads), which also reads files (images,
 * the embedded database's pages): unbounded, a burst of password checks starved every other request.
 * Two leave the pool half free whatever the callers do.
 */
const HASHING_AT_ONCE = 2;
/** Hashes waiting their turn at most; beyond it a caller is told to come back (503 with Retry-After). */
const HASHING_QUEUE = 64;

const hashing = pLimit(HASHING_AT_ONCE);

export const HASHING_BUSY_MESSAGE = 'The server is busy checking passwords, retry in a moment';

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASHING_QUEUE)
    return Promise.reject(new HttpError(503, HASHING_BUSY_MESSAGE, { retryAfterSeconds: 1 }));
  return hashing(work);
}

export const hashPassword = (password: string) => bounded(() => hash(password));

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) return false;
  return bounded(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** Compared against when the email is unknown, so a login takes as long whether the account exists or not. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hash('not-a-real-password-0'));
