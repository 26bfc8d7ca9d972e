import { ADMIN_LIST_DEFAULT_LIMIT, type adminListQuerySchema } from '@shop/shared-api/schemas';
import type { z } from 'zod';
import { asc, count, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** `text` as a LIKE pattern matching anywhere, its own % and _ taken literally. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The page to answer (the last one when asked past the end), its size and offset. */
export function pageOf(query: AdminListQuery, matching: number) {
  const limit = query.limit ?? ADMIN_LIST_DEFAULT_LIMIT;
  const last = Math.max(1, Math.ceil(matching / limit));
  const page = Math.min(query.page ?? 1, last);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * How many rows of `table` match `where` (all of them, `all`, without a filter), the page of them to
 * answer, and how to read it (`read`: from the nearer end): the part every paged admin list shares.
 */
export async function pageWithin(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  all: number,
  query: AdminListQuery,
) {
  const matching = where ? ((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0) : all;
  const { page, limit, offset } = pageOf(query, matching);
  return { matching, page, limit, read: pageFromNearerEnd(matching, offset, limit) };
}

/**
 * How to read the rows from `offset` on, `limit` of them, out of `matching` in the list's order: a page past
 * the middle is read from the other end (the order reversed, `skip` counted from that end, the rows put back
 * in order afterwards), so a deep page never makes the database step over more than half the list.
 */
export function pageFromNearerEnd(matching: number, offset: number, limit: number) {
  const fromEnd = offset > matching / 2;
  return fromEnd
    ? { fromEnd, limit: Math.min(limit, matching - offset), skip: Math.max(matching - offset - limit, 0) }
    : { fromEnd, limit, skip: offset };
}

/** The rows of a page read by `pageFromNearerEnd` put back in the list's order. */
export const inListOrder = <Row>(read: { fromEnd: boolean }, rows: Row[]): Row[] =>
  read.fromEnd ? rows.reverse() : rows;

/** Newest first, then the id (the admin lists' order), or its reverse for a page read from the end. */
export const newestFirst = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }, reversed: boolean) =>
  reversed ? [asc(table.createdAt), asc(table.id)] : [desc(table.createdAt), desc(table.id)];

/** A table an admin list pages through: newest first, then the id. */
type ListedTable = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/** Rows one batch of a whole list reads (the admin's unpaged lists): tens of KB of JSON at a time. */
const LIST_BATCH = 500;

/**
 * The ids of every row of `table`, newest first (the admin lists' order), a batch at a time. Each batch
 * starts after the last row of the one before (a keyset on the `(created_at desc, id desc)` index), so a
 * list of any length holds one batch in memory and every batch costs the same. The creation time is kept
 * as the database's own text: a JavaScript Date would round its microseconds and skip or repeat a row.
 * Rows added while the list is read come after its start and are left out; rows deleted are not met.
 */
export async function* newestFirstIds(
  db: DbOrTx,
  table: ListedTable,
  batchSize = LIST_BATCH,
): AsyncGenerator<string[]> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select({ id: sql<string>`${table.id}`, at: sql<string>`${table.createdAt}::text`.as('keyset_at') })
      .from(table)
      .where(
        after ? sql`(${table.createdAt}, ${table.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      )
      .orderBy(...newestFirst(table, false))
      .limit(batchSize);
    if (batch.length) yield batch.map((row) => row.id);
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1];
  }
}

/** Every row of `table`, newest first, a batch at a time: `newestFirstIds`' batches, each read whole. */
export async function* newestFirstRows<Table extends ListedTable>(
  db: DbOrTx,
  table: Table,
): AsyncGenerator<Table['$inferSelect'][]> {
  for await (const ids of newestFirstIds(db, table)) {
    const rows = await db
      .select()
      .from(table as ListedTable)
      .where(inArray(table.id, ids))
      .orderBy(...newestFirst(table, false));
    yield rows as Table['$inferSelect'][];
  }
}
