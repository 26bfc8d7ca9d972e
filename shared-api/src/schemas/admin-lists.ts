import { z } from 'zod';
import { pageLimitSchema, pageNumberSchema } from './common.ts';
import { SHOP_TIME_ZONE } from './constants.ts';
import { adminOrdersResponseSchema } from './order.ts';
import { adminProductsResponseSchema } from './product.ts';
import { adminUsersResponseSchema } from './user.ts';

/**
 * Optional paging and search of the admin lists (`GET /admin/orders|users|products?page=&limit=&q=`).
 * Without any of them the answer is the spec's whole list; with any of them it is one page, newest first,
 * plus the figures of the stat cards over the whole table and the count of rows matching `q`.
 * `q` matches the order id (orders), the name, email or id (users), the name or id (products), ignoring case.
 */
export const adminListQuerySchema = z.object({
  page: pageNumberSchema(100_000).optional(),
  limit: pageLimitSchema.optional(),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

export const isPagedAdminQuery = (query: z.output<typeof adminListQuerySchema>) =>
  query.page !== undefined || query.limit !== undefined || query.q !== undefined;

/**
 * The products list's query: the lists' paging and search, and `stockBelow` (issue 29), which keeps the
 * products with fewer than that many in stock (low stock; 1 is out of stock) and pages them like `q`.
 */
export const adminProductsQuerySchema = adminListQuerySchema.extend({
  stockBelow: z.coerce
    .number({ error: 'stockBelow must be a number' })
    .int('stockBelow must be a whole number')
    .min(1, 'stockBelow must be at least 1')
    .max(1_000_000, 'stockBelow must be at most 1000000')
    .optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const isPagedProductsQuery = (query: z.output<typeof adminProductsQuerySchema>) =>
  isPagedAdminQuery(query) || query.stockBelow !== undefined;

const pageFields = {
  page: z.number().int().describe('the page answered (the last one when `page` was past the end)'),
  resultPerPage: z.number().int(),
};
const counted = z.number().int().nonnegative();

export const adminOrdersPageResponseSchema = adminOrdersResponseSchema.extend({
  ...pageFields,
  ordersCount: counted.describe('every order'),
  deliveredCount: counted.describe('orders whose status is Delivered'),
  filteredOrdersCount: counted.describe('orders matching q'),
});
export type AdminOrdersPageResponse = z.infer<typeof adminOrdersPageResponseSchema>;

export const adminUsersPageResponseSchema = adminUsersResponseSchema.extend({
  ...pageFields,
  usersCount: counted.describe('every user'),
  adminsCount: counted.describe('users whose role is admin'),
  filteredUsersCount: counted.describe('users matching q'),
});
export type AdminUsersPageResponse = z.infer<typeof adminUsersPageResponseSchema>;

export const adminProductsPageResponseSchema = adminProductsResponseSchema.extend({
  ...pageFields,
  productsCount: counted.describe('every product'),
  outOfStockCount: counted.describe('products with no stock'),
  filteredProductsCount: counted.describe('products matching q and stockBelow'),
});
export type AdminProductsPageResponse = z.infer<typeof adminProductsPageResponseSchema>;

/** What the admin list routes answer: one page with its figures, or the spec's whole list. */
export const adminOrdersAnswerSchema = z.union([adminOrdersPageResponseSchema, adminOrdersResponseSchema]);
export const adminUsersAnswerSchema = z.union([adminUsersPageResponseSchema, adminUsersResponseSchema]);
export const adminProductsAnswerSchema = z.union([
  adminProductsPageResponseSchema,
  adminProductsResponseSchema,
]);

/**
 * `GET /admin/orders/daily?days=&tz=`: revenue and orders per day over the last `days` days (today
 * included) in the time zone `tz`, oldest first, days without orders at zero. The dashboard's chart,
 * computed by the database instead of from every order in the browser (4.7 MB at 5,000 orders).
 */
export const dailyOrdersQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(366, 'days must be at most 366')
    .default(30),
  tz: z
    .string()
    .max(64, 'tz is too long')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
      } catch {
        return false;
      }
    }, 'tz must be an IANA time zone such as Asia/Kolkata')
    .default(SHOP_TIME_ZONE),
});
export type DailyOrdersQuery = z.input<typeof dailyOrdersQuerySchema>;

export const dailyOrdersResponseSchema = z.object({
  success: z.literal(true),
  days: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD in the asked time zone'),
      revenue: z.number().nonnegative().describe('sum of the day’s order totals, rupees'),
      orders: counted,
    }),
  ),
});
export type DailyOrdersResponse = z.infer<typeof dailyOrdersResponseSchema>;
