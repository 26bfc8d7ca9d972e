import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users, type UserRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { randomToken, sameSecret, sha256 } from './secrets.ts';
import type { RefreshSeal } from './refresh-seal.ts';

export const SESSION_DAYS = 30;
const sessionExpiry = () => new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);

/** The refresh cookie is `<sessionId>.<secret>.<seal>` (refresh-seal.ts); only the secret's hash is stored. */
export async function startSession(db: DbOrTx, seal: RefreshSeal, userId: string) {
  const sessionId = newId();
  const secret = randomToken();
  await db
    .insert(sessions)
    .values({ id: sessionId, userId, refreshHash: sha256(secret), expiresAt: sessionExpiry() });
  return { sessionId, refreshToken: seal.seal(sessionId, secret) };
}

/** A cookie rotated away less than this long ago still works once more (tabs racing at page load). */
export const ROTATION_GRACE_MS = 30_000;

/**
 * Trades a refresh token for a new one on the same session. A token rotated away more than a moment ago
 * is a sign of theft: the whole session is revoked.
 */
export async function rotateSession(
  db: DbOrTx,
  seal: RefreshSeal,
  refreshToken: string | undefined,
  attempt = 0,
): Promise<{ sessionId: string; refreshToken: string; user: UserRow } | null> {
  const opened = seal.open(refreshToken);
  if (!opened) return null;
  const { sessionId, secret } = opened;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { refreshHash } = row.session;
  if (!provesSession(row.session, secret)) {
    // A cookie this api sealed for this session, whose secret has since been rotated away, is a stolen
    // cookie replayed: the session ends. An unsealed one proves nothing and changes nothing: the session
    // id is in every access token, so a made-up secret must not let anyone end someone else's session.
    if (opened.sealed) await revokeSession(db, sessionId);
    return null;
  }
  const nextSecret = randomToken();
  const rotated = await db
    .update(sessions)
    .set({
      refreshHash: sha256(nextSecret),
      previousRefreshHash: refreshHash,
      rotatedAt: new Date(),
      expiresAt: sessionExpiry(),
    })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, refreshHash)))
    .returning({ id: sessions.id });
  if (rotated.length === 0) {
    // Another refresh of this session won the race: ours is now the previous cookie; try once more.
    return attempt < 2 ? rotateSession(db, seal, refreshToken, attempt + 1) : null;
  }
  return { sessionId, refreshToken: seal.seal(sessionId, nextSecret), user: row.user };
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere, except optionally the session making the change. */
export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string | null) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** The user behind an access token, if its session is still live and the user still exists. */
export async function findSessionUser(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return row?.user ?? null;
}

/**
 * The session a refresh cookie proves, checked by its secret (current, or rotated away moments ago):
 * a cookie with someone's session id and a made-up secret proves nothing.
 */
export async function sessionOfRefreshToken(db: DbOrTx, seal: RefreshSeal, refreshToken: string | undefined) {
  const opened = seal.open(refreshToken);
  if (!opened) return null;
  const [row] = await db.select().from(sessions).where(eq(sessions.id, opened.sessionId));
  return row && provesSession(row, opened.secret) ? opened.sessionId : null;
}

/** The cookie's secret is the session's current one, or the one rotated away moments ago. */
function provesSession(
  session: { refreshHash: string; previousRefreshHash: string | null; rotatedAt: Date | null },
  secret: string,
) {
  const presented = sha256(secret);
  if (sameSecret(session.refreshHash, presented)) return true;
  return (
    session.previousRefreshHash !== null &&
    sameSecret(session.previousRefreshHash, presented) &&
    session.rotatedAt !== null &&
    Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS
  );
}
