import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';
import { idContaining, newId } from '../db/ids.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  inListOrder,
  likeContaining,
  newestFirst,
  newestFirstRows,
  pageWithin,
  type AdminListQuery,
} from '../db/paging.ts';
import { badRequest } from '../http/errors.ts';

type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'role' | 'avatarUrl' | 'avatarKey' | 'passwordHash'>
>;

/** Emails are unique: a clash is the caller's to fix, not a server error. */
async function uniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw badRequest('Email is already registered');
    throw error;
  }
}

export async function insertUser(db: DbOrTx, values: { name: string; email: string; passwordHash: string }) {
  const [row] = await uniqueEmail(
    db
      .insert(users)
      .values({ id: newId(), ...values })
      .returning(),
  );
  return row!;
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Every user, newest first (the admin's unpaged list), a batch at a time. */
export const allUsersInBatches = (db: DbOrTx) => newestFirstRows(db, users);

/** The changed user, or undefined when there is no such user. */
export async function updateUser(db: DbOrTx, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await uniqueEmail(db.update(users).set(changes).where(eq(users.id, id)).returning());
  return row;
}

/** Deletes the user with their sessions, orders and reviews (foreign keys cascade). */
export async function deleteUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Locks every admin row for the rest of the transaction and answers their ids: role changes and user
 * deletions take turns, so two admins demoting or deleting each other cannot leave the shop without one.
 */
export async function lockAdmins(tx: DbOrTx) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

/** A user whose name, email or id contains `q`. */
function userMatching(q: string) {
  const pattern = likeContaining(q);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), idContaining(users.id, q));
}

/**
 * One page of the admin user list (`?page=&limit=&q=`, q matching the name, email or id), newest first,
 * with the stat card figures over every user and the count matching q.
 */
export async function adminUsersPage(db: DbOrTx, query: AdminListQuery) {
  const where = query.q ? userMatching(query.q) : undefined;
  const [totals] = await db
    .select({
      all: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
    })
    .from(users);
  const { matching, page, limit, read } = await pageWithin(db, users, where, totals?.all ?? 0, query);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...newestFirst(users, read.fromEnd))
    .limit(read.limit)
    .offset(read.skip);
  return {
    rows: inListOrder(read, rows),
    usersCount: totals?.all ?? 0,
    adminsCount: totals?.admins ?? 0,
    filteredUsersCount: matching,
    page,
    resultPerPage: limit,
  };
}
