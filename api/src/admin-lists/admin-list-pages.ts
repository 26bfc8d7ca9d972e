import { count, desc, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LIST_DEFAULT_LIMIT,
  type AdminOrdersPageResponse,
  type AdminProductsPageResponse,
  type AdminUsersPageResponse,
  type adminListQuerySchema,
} from '@shop/shared-api/schemas';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { orders, products, users } from '../db/schema.ts';
import { toRupees } from '../http/money.ts';
import { findOrders } from '../orders/order-view.ts';
import { toProductViews } from '../catalog/product-view.ts';
import { toUserView } from '../users/user-view.ts';

// The optional paging of the admin lists (issue 10, point 8): one page of rows, newest first, the figures
// of the stat cards over the whole table and the count of rows matching `q`, in a few indexed queries
// instead of the whole table in one answer (5,000 orders were 4.7 MB of JSON).

type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** `q` as a LIKE pattern matching anywhere, its own % and _ taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The page to answer (the last one when asked past the end) and its offset. */
function pageOf(query: AdminListQuery, matching: number) {
  const limit = query.limit ?? ADMIN_LIST_DEFAULT_LIMIT;
  const last = Math.max(1, Math.ceil(matching / limit));
  const page = Math.min(query.page ?? 1, last);
  return { page, limit, offset: (page - 1) * limit };
}

export async function adminOrdersPage(
  db: DbOrTx,
  query: AdminListQuery,
  baseUrl: string,
): Promise<AdminOrdersPageResponse> {
  const where: SQL | undefined = query.q ? ilike(orders.id, containing(query.q.toLowerCase())) : undefined;
  const [totals] = await db
    .select({
      all: count(),
      delivered: sql<number>`count(*) filter (where ${orders.orderStatus} = 'Delivered')`.mapWith(Number),
      paise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)`.mapWith(Number),
    })
    .from(orders);
  const [{ n: matching } = { n: 0 }] = where
    ? await db.select({ n: count() }).from(orders).where(where)
    : [{ n: totals?.all ?? 0 }];
  const { page, limit, offset } = pageOf(query, matching);
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const list = ids.length
    ? await findOrders(
        db,
        inArray(
          orders.id,
          ids.map((row) => row.id),
        ),
        baseUrl,
      )
    : [];
  return {
    success: true,
    orders: list,
    totalAmount: toRupees(totals?.paise ?? 0),
    ordersCount: totals?.all ?? 0,
    deliveredCount: totals?.delivered ?? 0,
    filteredOrdersCount: matching,
    page,
    resultPerPage: limit,
  };
}

export async function adminUsersPage(
  db: DbOrTx,
  query: AdminListQuery,
  baseUrl: string,
): Promise<AdminUsersPageResponse> {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern
    ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.id, pattern))
    : undefined;
  const [totals] = await db
    .select({
      all: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
    })
    .from(users);
  const [{ n: matching } = { n: 0 }] = where
    ? await db.select({ n: count() }).from(users).where(where)
    : [{ n: totals?.all ?? 0 }];
  const { page, limit, offset } = pageOf(query, matching);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return {
    success: true,
    users: rows.map((row) => toUserView(row, baseUrl)),
    usersCount: totals?.all ?? 0,
    adminsCount: totals?.admins ?? 0,
    filteredUsersCount: matching,
    page,
    resultPerPage: limit,
  };
}

export async function adminProductsPage(
  db: DbOrTx,
  query: AdminListQuery,
  baseUrl: string,
): Promise<AdminProductsPageResponse> {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = pattern ? or(ilike(products.name, pattern), ilike(products.id, pattern)) : undefined;
  const [totals] = await db
    .select({
      all: count(),
      outOfStock: sql<number>`count(*) filter (where ${lt(products.stock, 1)})`.mapWith(Number),
    })
    .from(products);
  const [{ n: matching } = { n: 0 }] = where
    ? await db.select({ n: count() }).from(products).where(where)
    : [{ n: totals?.all ?? 0 }];
  const { page, limit, offset } = pageOf(query, matching);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return {
    success: true,
    products: await toProductViews(db, rows, baseUrl),
    productsCount: totals?.all ?? 0,
    outOfStockCount: totals?.outOfStock ?? 0,
    filteredProductsCount: matching,
    page,
    resultPerPage: limit,
  };
}
