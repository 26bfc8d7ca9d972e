import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { adminActivityResponseSchema, type AdminActivityEntry } from '@shop/shared-api/schemas';
import { adminActivity, products } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, placePaidOrder, pngDataUrl, register, type SignedIn } from './helpers/shop.ts';

// The audit trail of admin writes (issue 29, item 4): one entry per write, in the write's transaction,
// none for a refused one; read through GET /admin/activity, never changed or deleted.

const t = useTestApp({ admin: true });
let shopper: SignedIn;

beforeAll(async () => {
  shopper = await register(t.app, { name: 'Audited Shopper' });
});

const entryCount = async () => (await t.app.shop.db.$count(adminActivity)) as number;

/** The newest entry, as the Activity screen reads it. */
async function newestEntry(): Promise<AdminActivityEntry> {
  const response = await t.request('GET', '/admin/activity?page=1&limit=1', { as: t.admin });
  expect(response.statusCode).toBe(200);
  return adminActivityResponseSchema.parse(response.json()).entries[0]!;
}

/** Makes the write, expects it to succeed, and answers the one entry it added. */
async function entryOf(write: () => Promise<{ statusCode: number; body: string }>) {
  const before = await entryCount();
  const response = await write();
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(await entryCount()).toBe(before + 1);
  const entry = await newestEntry();
  expect(entry.actor).toEqual({ _id: t.admin.userId, email: t.admin.email.toLowerCase() });
  expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  return entry;
}

const changeOf = (entry: AdminActivityEntry, field: string) =>
  entry.changes.find((change) => change.field === field);

describe('every admin write records who, when, what and the changed fields', () => {
  it('products: create, update (only the changed fields), delete', async () => {
    const created = await entryOf(() =>
      t.request('POST', '/admin/product/new', {
        as: t.admin,
        payload: {
          name: 'Audited Lens',
          price: 2499,
          description: 'Logged',
          category: 'Camera',
          stock: 6,
          images: [pngDataUrl()],
        },
      }),
    );
    expect(created.action).toBe('product.create');
    expect(changeOf(created, 'name')).toEqual({ field: 'name', before: null, after: 'Audited Lens' });
    expect(changeOf(created, 'price')).toEqual({ field: 'price', before: null, after: 2499 });
    const id = created.target;

    const updated = await entryOf(() =>
      t.request('PUT', `/admin/product/${id}`, {
        as: t.admin,
        payload: { name: 'Audited Lens', price: 1999, description: 'Logged', category: 'Camera', stock: 2 },
      }),
    );
    expect(updated).toMatchObject({ action: 'product.update', target: id });
    expect(updated.changes).toEqual([
      { field: 'price', before: 2499, after: 1999 },
      { field: 'stock', before: 6, after: 2 },
    ]);

    const deleted = await entryOf(() => t.request('DELETE', `/admin/product/${id}`, { as: t.admin }));
    expect(deleted).toMatchObject({ action: 'product.delete', target: id });
    expect(changeOf(deleted, 'stock')).toEqual({ field: 'stock', before: 2, after: null });
  });

  it('orders: a status move (and the cash it records) and a delete', async () => {
    const { orderId } = await placePaidOrder(t.app, shopper);
    const shipped = await entryOf(() =>
      t.request('PUT', `/admin/order/${orderId}`, { as: t.admin, payload: { status: 'Shipped' } }),
    );
    expect(shipped).toMatchObject({ action: 'order.status', target: orderId });
    expect(shipped.changes).toEqual([{ field: 'orderStatus', before: 'Processing', after: 'Shipped' }]);

    const delivered = await entryOf(() =>
      t.request('PUT', `/admin/order/${orderId}`, { as: t.admin, payload: { status: 'Delivered' } }),
    );
    expect(changeOf(delivered, 'orderStatus')).toMatchObject({ before: 'Shipped', after: 'Delivered' });
    expect(changeOf(delivered, 'deliveredAt')?.before).toBeNull();

    const deleted = await entryOf(() => t.request('DELETE', `/admin/order/${orderId}`, { as: t.admin }));
    expect(deleted).toMatchObject({ action: 'order.delete', target: orderId });
    expect(changeOf(deleted, 'user')).toEqual({ field: 'user', before: shopper.userId, after: null });
  });

  it("users: a role change and a delete, and a review's delete", async () => {
    const user = await register(t.app, { name: 'Promoted' });
    const promoted = await entryOf(() =>
      t.request('PUT', `/admin/user/${user.userId}`, {
        as: t.admin,
        payload: { name: 'Promoted', email: user.email, role: 'admin' },
      }),
    );
    expect(promoted).toMatchObject({ action: 'user.update', target: user.userId });
    expect(promoted.changes).toEqual([{ field: 'role', before: 'user', after: 'admin' }]);

    const product = await addProduct(t.app);
    await t.request('PUT', '/review', {
      as: shopper,
      payload: { rating: 2, comment: 'Meh', productId: product.id },
    });
    const reviewId = (await t.request('GET', `/product/${product.id}`)).json().product.reviews[0]._id;
    const review = await entryOf(() =>
      t.request('DELETE', `/admin/reviews?id=${reviewId}&productId=${product.id}`, { as: t.admin }),
    );
    expect(review).toMatchObject({ action: 'review.delete', target: reviewId });
    expect(changeOf(review, 'comment')).toEqual({ field: 'comment', before: 'Meh', after: null });

    const gone = await entryOf(() => t.request('DELETE', `/admin/user/${user.userId}`, { as: t.admin }));
    expect(gone).toMatchObject({ action: 'user.delete', target: user.userId });
    expect(changeOf(gone, 'email')).toEqual({ field: 'email', before: user.email, after: null });
  });
});

describe('a refused write records nothing', () => {
  it('not for a bad input, a missing row, a forbidden move, or a caller who is not an admin', async () => {
    const product = await addProduct(t.app, { stock: 3 });
    const { orderId } = await placePaidOrder(t.app, shopper);
    const before = await entryCount();
    const refusals = [
      t.request('PUT', `/admin/product/${product.id}`, {
        as: t.admin,
        payload: { name: '', price: -1, category: 'Camera', stock: 1 },
      }),
      t.request('PUT', `/admin/product/${newId()}`, {
        as: t.admin,
        payload: { name: 'Ghost', price: 1, category: 'Camera', stock: 1 },
      }),
      t.request('DELETE', `/admin/product/${newId()}`, { as: t.admin }),
      t.request('PUT', `/admin/order/${orderId}`, { as: t.admin, payload: { status: 'Delivered' } }),
      t.request('PUT', `/admin/user/${t.admin.userId}`, {
        as: t.admin,
        payload: { name: 'Me', email: t.admin.email, role: 'user' },
      }),
      t.request('DELETE', `/admin/user/${t.admin.userId}`, { as: t.admin }),
      t.request('DELETE', `/admin/reviews?id=${newId()}&productId=${product.id}`, { as: t.admin }),
      t.request('DELETE', `/admin/product/${product.id}`, { as: shopper }),
    ];
    const statuses = (await Promise.all(refusals)).map((response) => response.statusCode);
    expect(statuses).toEqual([400, 404, 404, 400, 400, 400, 404, 403]);
    expect(await entryCount()).toBe(before);
  });

  it('the change and its entry commit together: a failing entry takes the change back with it', async () => {
    const product = await addProduct(t.app, { stock: 7 });
    // Only for this test: the database refuses the entry of this one product's write.
    await t.app.shop.db.execute(
      sql.raw(
        `alter table admin_activity add constraint test_refuse_one check (target_id <> '${product.id}')`,
      ),
    );
    try {
      const response = await t.request('PUT', `/admin/product/${product.id}`, {
        as: t.admin,
        payload: { name: product.name, price: 500, category: 'Laptop', stock: 1 },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.app.shop.db.execute(sql`alter table admin_activity drop constraint test_refuse_one`);
    }
    const [row] = await t.app.shop.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(7);
  });
});

describe('entries cannot be changed or deleted', () => {
  it('no route changes or deletes one, and the database refuses it', async () => {
    for (const method of ['PUT', 'DELETE', 'POST'] as const)
      expect((await t.request(method, '/admin/activity', { as: t.admin })).statusCode, method).toBe(404);
    const [entry] = await t.app.shop.db.select().from(adminActivity).orderBy(desc(adminActivity.at)).limit(1);
    expect(entry).toBeDefined();
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error: unknown = await t.app.shop.db.execute(statement).then(
        () => null,
        (failure: unknown) => failure,
      );
      // drizzle wraps the database's error ("Failed query: …") and keeps it as the cause.
      const cause = (error as { cause?: { message?: string } } | null)?.cause;
      expect(cause?.message).toMatch(/cannot be changed or deleted/);
    };
    await refused(sql`update admin_activity set action = 'product.create' where id = ${entry!.id}`);
    await refused(sql`delete from admin_activity where id = ${entry!.id}`);
    await refused(sql`truncate admin_activity`);
    const [still] = await t.app.shop.db.select().from(adminActivity).where(eq(adminActivity.id, entry!.id));
    expect(still).toEqual(entry);
  });
});

describe('GET /admin/activity', () => {
  const otherAdmin = { id: newId(), email: 'other.admin@example.com' };
  const day = (iso: string) => new Date(iso);

  beforeAll(async () => {
    // 30 entries of another admin over three days in 2020, before everything the writes above recorded.
    await t.app.shop.db.insert(adminActivity).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: newId(),
        at: day(`2020-01-0${1 + Math.floor(i / 10)}T10:${String(i % 10).padStart(2, '0')}:00Z`),
        actorId: otherAdmin.id,
        actorEmail: otherAdmin.email,
        action: i % 3 === 0 ? ('product.update' as const) : ('order.status' as const),
        targetId: i % 2 === 0 ? 'even-target' : 'odd-target',
        changes: [{ field: 'stock', before: i, after: i + 1 }],
      })),
    );
  });

  const page = async (query: string) => {
    const response = await t.request('GET', `/admin/activity?${query}`, { as: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    return adminActivityResponseSchema.parse(response.json());
  };

  it('pages newest first and filters by who (email, any case, or id), what, target and date', async () => {
    const first = await page('who=OTHER.admin@example.com&limit=10');
    expect(first.filteredEntriesCount).toBe(30);
    expect(first.entries.map((entry) => entry.changes[0]!.before)).toEqual([
      29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
    ]);
    // The last page is read from the oldest end (a page past the middle), and answered newest first.
    const last = await page(`who=${otherAdmin.id}&limit=10&page=3`);
    expect(last.entries.map((entry) => entry.changes[0]!.before)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const middle = await page(`who=${otherAdmin.id}&limit=7&page=3`);
    expect(middle.entries.map((entry) => entry.changes[0]!.before)).toEqual([15, 14, 13, 12, 11, 10, 9]);
    expect((await page('who=other.admin@example.com&page=99&limit=10')).page).toBe(3);

    expect((await page('who=other.admin@example.com&action=product.update')).filteredEntriesCount).toBe(10);
    expect((await page('target=even-target&action=product.update')).filteredEntriesCount).toBe(5);
    const secondDay = await page('from=2020-01-02T00:00:00Z&to=2020-01-03T00:00:00Z&limit=100');
    expect(secondDay.filteredEntriesCount).toBe(10);
    expect(secondDay.entries.every((entry) => entry.at.startsWith('2020-01-02'))).toBe(true);

    const mine = await page(`who=${encodeURIComponent(t.admin.email)}&limit=100`);
    expect(mine.filteredEntriesCount).toBeGreaterThan(0);
    expect(mine.entries.every((entry) => entry.actor._id === t.admin.userId)).toBe(true);
    expect((await page('who=nobody@example.com')).entries).toEqual([]);
  });

  it('refuses a malformed filter with a 400 naming it, and is for admins only', async () => {
    for (const [query, message] of [
      ['action=product.rename', 'action must be one of'],
      ['from=yesterday', 'from must be an ISO 8601 date-time'],
      ['to=2020-13-01', 'to must be an ISO 8601 date-time'],
      ['from=0000-02-29T20:00:00Z', 'from must be between 1970 and 9999'],
      ['limit=101', 'limit must be at most 100'],
      ['page=0', 'page must be at least 1'],
    ]) {
      const response = await t.request('GET', `/admin/activity?${query}`, { as: t.admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
    expect((await t.request('GET', '/admin/activity', { as: shopper })).statusCode).toBe(403);
    expect((await t.request('GET', '/admin/activity')).statusCode).toBe(401);
  });
});
