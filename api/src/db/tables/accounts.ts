import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

// Accounts: shoppers and admins, their signed-in browsers, password resets and the sign-in throttle.

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    /** Null for users who only sign in through Clerk. */
    passwordHash: text('password_hash'),
    clerkId: text('clerk_id'),
    avatarUrl: text('avatar_url'),
    avatarKey: text('avatar_key'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_clerk_id_key').on(table.clerkId),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    // The admin's user list, newest first (migration 0019).
    index('users_created_order_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** A signed-in browser: the refresh cookie names it, every access token carries its id. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    /** The hash before the last rotation, still honoured briefly: two tabs refreshing at once. */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);

/**
 * Failed password checks (logins, and the current password of a password or email change) per account
 * (by email, known or not) and client address: after a few, that address waits a short, growing time
 * between attempts on that account; the owner elsewhere is not kept out. A success from the address, or a
 * reset, clears it.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ name: 'login_throttle_email_address_pk', columns: [table.email, table.address] })],
);

export type UserRow = typeof users.$inferSelect;
