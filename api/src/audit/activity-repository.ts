import type { AdminActivityEntry, adminActivityQuerySchema } from '@shop/shared-api/schemas';
import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { isId } from '../db/ids.ts';
import { inListOrder, newestFirst, pageFromNearerEnd, pageOf } from '../db/paging.ts';
import { adminActivity, type AdminActivityRow } from '../db/schema.ts';

export type ActivityQuery = z.output<typeof adminActivityQuerySchema>;

/**
 * The filters as one condition. Each is an equality on the first column of one of the table's indexes
 * (who, what, the changed thing), ordered like the list, and the dates a range of it: a page is an index
 * range read whatever is asked, at any number of entries.
 */
function activityFilter(query: ActivityQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.who)
    filters.push(
      isId(query.who) ? eq(adminActivity.actorId, query.who) : eq(adminActivity.actorEmail, query.who),
    );
  if (query.action) filters.push(eq(adminActivity.action, query.action));
  if (query.target) filters.push(eq(adminActivity.targetId, query.target));
  if (query.from) filters.push(gte(adminActivity.at, new Date(query.from)));
  if (query.to) filters.push(lt(adminActivity.at, new Date(query.to)));
  return filters.length ? and(...filters) : undefined;
}

const toEntryView = (row: AdminActivityRow): AdminActivityEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: { _id: row.actorId, email: row.actorEmail },
  action: row.action,
  target: row.targetId,
  changes: row.changes,
});

/** One page of the audit trail, newest first, and how many entries match. */
export async function adminActivityPage(db: DbOrTx, query: ActivityQuery) {
  const where = activityFilter(query);
  const [counted] = await db.select({ n: count() }).from(adminActivity).where(where);
  const matching = counted?.n ?? 0;
  const { page, limit, offset } = pageOf(query, matching);
  // A page past the middle is read from the other end: the oldest entries cost as little as the newest.
  const read = pageFromNearerEnd(matching, offset, limit);
  const rows = await db
    .select()
    .from(adminActivity)
    .where(where)
    .orderBy(...newestFirst({ createdAt: adminActivity.at, id: adminActivity.id }, read.fromEnd))
    .limit(read.limit)
    .offset(read.skip);
  return {
    success: true as const,
    entries: inListOrder(read, rows).map(toEntryView),
    page,
    resultPerPage: limit,
    filteredEntriesCount: matching,
  };
}
