import { isDeepStrictEqual } from 'node:util';
import type { AdminAction, FieldChange } from '@shop/shared-api/schemas';
import type { Tx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { adminActivity, type UserRow } from '../db/schema.ts';

/** A thing's fields as the audit trail shows them (the shop's words: rupees, not paise). */
export type AuditFields = Record<string, unknown>;

export interface AdminChange {
  /** The signed-in admin (currentUser(request)). */
  actor: Pick<UserRow, 'id' | 'email'>;
  action: AdminAction;
  /** The id of what was changed. */
  targetId: string;
  /** Its fields before the write; null for a create. */
  before: AuditFields | null;
  /** Its fields after the write; null for a delete. */
  after: AuditFields | null;
}

/**
 * The fields that differ between before and after, in before's order then after's new ones. A create
 * lists every field (before null), a delete every field (after null); a field left out of one side is
 * null on that side.
 */
export function changedFields(before: AuditFields | null, after: AuditFields | null): FieldChange[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => !isDeepStrictEqual(change.before, change.after));
}

/**
 * Records one admin write in the audit trail (issue 29). It takes the write's transaction, not the
 * database: the entry commits with the change or not at all, so a refused or failed write leaves none,
 * and no write commits without its entry. Every admin write calls it (product, order status, refund,
 * cancel, shipping, user role, user delete, review delete, import), after its change, inside the same
 * `db.transaction`.
 */
export async function recordAdminChange(tx: Tx, change: AdminChange): Promise<void> {
  await tx.insert(adminActivity).values({
    id: newId(),
    actorId: change.actor.id,
    actorEmail: change.actor.email.toLowerCase(),
    action: change.action,
    targetId: change.targetId,
    changes: changedFields(change.before, change.after),
  });
}

/** Entries one statement inserts: 7 parameters each, well under PostgreSQL's 65,535 a statement. */
const ENTRIES_PER_INSERT = 1000;

/**
 * Records many admin writes of one transaction at once (a products CSV import: one entry per product
 * created or changed), in multi-row inserts: the same entries recordAdminChange would write, without a
 * round trip each.
 */
export async function recordAdminChanges(tx: Tx, changes: readonly AdminChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += ENTRIES_PER_INSERT) {
    await tx.insert(adminActivity).values(
      changes.slice(start, start + ENTRIES_PER_INSERT).map((change) => ({
        id: newId(),
        actorId: change.actor.id,
        actorEmail: change.actor.email.toLowerCase(),
        action: change.action,
        targetId: change.targetId,
        changes: changedFields(change.before, change.after),
      })),
    );
  }
}
