import { sql } from 'drizzle-orm';
import { ADMIN_ACTIONS, type FieldChange } from '@shop/shared-api/schemas';
import {
  char,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

// What the shop's operators read: releases' loads, real users' page views and errors, the admins' audit
// trail.

/** How pages' loads of each remote release went, per minute (POST /releases/reports, migration 0009). */
export const releaseLoads = pgTable(
  'release_loads',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    fellBack: integer('fell_back').notNull().default(0),
    lastReason: text('last_reason'),
  },
  (table) => [
    primaryKey({ name: 'release_loads_pk', columns: [table.remote, table.release, table.minute] }),
    index('release_loads_minute_idx').on(table.minute),
  ],
);

/**
 * Real-user figures (issue 26): one row per page view a browser reported (its web vitals, null when not
 * measured), and one per unhandled error. No personal data: the page is a route pattern, nothing names
 * the shopper. Kept 8 days (the card shows 24 hours).
 */
export const rumViews = pgTable(
  'rum_views',
  {
    createdAt: createdAt(),
    page: text('page').notNull(),
    lcpMs: doublePrecision('lcp_ms'),
    inpMs: doublePrecision('inp_ms'),
    cls: doublePrecision('cls'),
    ttfbMs: doublePrecision('ttfb_ms'),
  },
  (table) => [index('rum_views_created_at_idx').on(table.createdAt)],
);

/**
 * The Site health card's roll-up (issue 26): per page and hour, the views and how many fell in each web
 * vital's bucket (site-health/vital-histogram.ts). The card adds at most 24 rows per page instead of
 * sorting every view of the day. Kept as long as the views.
 */
export const rumViewHours = pgTable(
  'rum_view_hours',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    page: text('page').notNull(),
    views: integer('views').notNull(),
    lcpCounts: integer('lcp_counts').array().notNull(),
    inpCounts: integer('inp_counts').array().notNull(),
    clsCounts: integer('cls_counts').array().notNull(),
  },
  (table) => [primaryKey({ name: 'rum_view_hours_pk', columns: [table.hour, table.page] })],
);

export const rumErrors = pgTable(
  'rum_errors',
  {
    createdAt: createdAt(),
    page: text('page').notNull(),
    source: text('source').notNull(),
    release: text('release').notNull(),
    message: text('message').notNull(),
  },
  (table) => [index('rum_errors_created_at_idx').on(table.createdAt)],
);

/**
 * The audit trail of admin writes (issue 29; drizzle/0016_admin_activity.sql): one row per write, inserted
 * in the write's transaction by recordAdminChange. No foreign keys (an entry outlives its admin and what it
 * changed); the database refuses UPDATE, DELETE and TRUNCATE on it.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: char('actor_id', { length: 24 }).notNull(),
    /** The admin's email when they wrote, lowercased. */
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetId: text('target_id').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
  },
  (table) => [
    check(
      'admin_activity_action_check',
      sql`${table.action} in (${sql.raw(ADMIN_ACTIONS.map((action) => `'${action}'`).join(', '))})`,
    ),
    index('admin_activity_at_idx').on(table.at.desc(), table.id.desc()),
    index('admin_activity_actor_idx').on(table.actorEmail, table.at.desc(), table.id.desc()),
    index('admin_activity_actor_id_idx').on(table.actorId, table.at.desc(), table.id.desc()),
    index('admin_activity_action_idx').on(table.action, table.at.desc(), table.id.desc()),
    index('admin_activity_target_idx').on(table.targetId, table.at.desc(), table.id.desc()),
  ],
);

export type AdminActivityRow = typeof adminActivity.$inferSelect;
