import { ADMIN_LIST_DEFAULT_LIMIT, type adminListQuerySchema } from '@shop/shared-api/schemas';
import type { z } from 'zod';
import { asc, count, desc, sql, type SQL } from 'drizzle-orm';
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
 * A whole list's batches, newest first (the admin lists' order): `read` answers up to `batchSize` rows from
 * where `after` says (a keyset on the `(created_at desc, id desc)` index), each with its keyset, so a list
 * of any length holds one batch in memory and every batch costs the same. The creation time is kept as
 * the database's own text: a JavaScript Date would round its microseconds and skip or repeat a row.
 * Rows added while the list is read come after its start and are left out; rows deleted are not met.
 */
async function* keysetBatches<Entry extends { at: string; id: string }>(
  read: (after: SQL | undefined) => Promise<Entry[]>,
  table: ListedTable,
  batchSize: number,
): AsyncGenerator<Entry[]> {
  let after: Entry | undefined;
  for (;;) {
    const batch = await read(
      after ? sql`(${table.createdAt}, ${table.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
    );
    if (batch.length) yield batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1];
  }
}

const keysetColumns = (table: ListedTable) => ({
  id: sql<string>`${table.id}`,
  at: sql<string>`${table.createdAt}::text`.as('keyset_at'),
});

/** The ids of every row of `table`, newest first, a batch at a time (see `keysetBatches`). */
export async function* newestFirstIds(
  db: DbOrTx,
  table: ListedTable,
  batchSize = LIST_BATCH,
): AsyncGenerator<string[]> {
  const read = (after: SQL | undefined) =>
    db
      .select(keysetColumns(table))
      .from(table)
      .where(after)
      .orderBy(...newestFirst(table, false))
      .limit(batchSize);
  for await (const batch of keysetBatches(read, table, batchSize)) yield batch.map((entry) => entry.id);
}

/**
 * Every row of `table`, newest first, a batch at a time (see `keysetBatches`): each batch is one query
 * reading the rows with their keyset.
 */
export async function* newestFirstRows<Table extends ListedTable>(
  db: DbOrTx,
  table: Table,
): AsyncGenerator<Table['$inferSelect'][]> {
  const listed: ListedTable = table;
  const read = (after: SQL | undefined) =>
    db
      .select({ row: listed, ...keysetColumns(listed) })
      .from(listed)
      .where(after)
      .orderBy(...newestFirst(listed, false))
      .limit(LIST_BATCH);
  for await (const batch of keysetBatches(read, listed, LIST_BATCH))
    yield batch.map((entry) => entry.row as Table['$inferSelect']);
}
