import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminOrdersPageResponseSchema,
  adminOrdersResponseSchema,
  adminProductsPageResponseSchema,
  adminUsersPageResponseSchema,
} from '@shop/shared-api/schemas';
import { sql } from 'drizzle-orm';
import { orders, products } from '../src/db/schema.ts';
import { newestFirstIds } from '../src/db/paging.ts';
import { rowsOf } from '../src/db/rows.ts';
import { newId } from '../src/db/ids.ts';
import { planOf } from './helpers/query-plan.ts';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, register, shippingInfo, type SignedIn } from './helpers/shop.ts';

// Optional paging and search of GET /admin/orders, /admin/users and /admin/products (issue 10, point 8).

const t = useTestApp({ admin: true });
let buyer: SignedIn;
const orderIds: string[] = [];

beforeAll(async () => {
  buyer = await register(t.app, { name: 'Zed Buyer' });
  const product = await addProduct(t.app, { name: 'Paged Lamp', stock: 0 });
  for (let i = 0; i < 23; i++) {
    const id = newId();
    orderIds.push(id);
    await t.app.shop.db.insert(orders).values({
      id,
      userId: buyer.userId,
      shippingInfo,
      orderItems: [
        { product: product.id, name: product.name, image: '/x.png', pricePaise: 10_000, quantity: 1 },
      ],
      paymentId: `pi_page_${id}`,
      paymentStatus: 'succeeded',
      paidAt: new Date(),
      itemsPaise: 10_000,
      taxPaise: 1_801,
      shippingPaise: 0,
      totalPaise: 11_801,
      orderStatus: i < 5 ? 'Delivered' : 'Processing',
      // Newest first: order i was placed i minutes ago.
      createdAt: new Date(Date.now() - i * 60_000),
    });
  }
  for (let i = 0; i < 11; i++) await addProduct(t.app, { name: `Filler ${i}` });
});
const get = (url: string) => t.request('GET', url, { as: t.admin });

describe('GET /admin/orders', () => {
  it("keeps the spec's whole-list answer when no paging parameter is given", async () => {
    const response = await get('/admin/orders');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['orders', 'success', 'totalAmount']);
    expect(adminOrdersResponseSchema.parse(body).orders).toHaveLength(23);
    expect(body.totalAmount).toBe(23 * 118.01);
  });

  it('answers one page, newest first, with the stat figures over every order', async () => {
    const body = adminOrdersPageResponseSchema.parse((await get('/admin/orders?page=3&limit=10')).json());
    expect(body.orders.map((order) => order._id)).toEqual(orderIds.slice(20));
    expect(body).toMatchObject({
      page: 3,
      resultPerPage: 10,
      ordersCount: 23,
      deliveredCount: 5,
      filteredOrdersCount: 23,
      totalAmount: 23 * 118.01,
    });
    expect(body.orders[0]!.user.name).toBe('Zed Buyer');
  });

  it('searches by order id text, ignoring case, and answers the last page when asked past the end', async () => {
    const id = orderIds[7]!;
    const body = adminOrdersPageResponseSchema.parse(
      (await get(`/admin/orders?q=${id.slice(-9).toUpperCase()}&page=9`)).json(),
    );
    expect(body.orders.map((order) => order._id)).toEqual([id]);
    expect(body).toMatchObject({ filteredOrdersCount: 1, ordersCount: 23, page: 1, resultPerPage: 10 });
  });

  it('takes % and _ in q literally', async () => {
    const body = adminOrdersPageResponseSchema.parse((await get('/admin/orders?q=%25')).json());
    expect(body).toMatchObject({ orders: [], filteredOrdersCount: 0, ordersCount: 23, page: 1 });
  });

  it('finds no order for text that cannot be part of an id (a letter past f, or longer than an id)', async () => {
    for (const q of ['zed', `${orderIds[0]}0`]) {
      const body = adminOrdersPageResponseSchema.parse((await get(`/admin/orders?q=${q}`)).json());
      expect(body).toMatchObject({ orders: [], filteredOrdersCount: 0, ordersCount: 23, page: 1 });
    }
  });

  it('refuses a malformed page or limit with a 400 naming it', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['limit=101', 'limit'],
    ] as const) {
      const response = await get(`/admin/orders?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });

  it('is for admins only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?page=1',
      headers: buyer.auth,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /admin/users', () => {
  it('pages with the admin and total counts, and searches name, email or id', async () => {
    const all = adminUsersPageResponseSchema.parse((await get('/admin/users?limit=1')).json());
    expect(all).toMatchObject({
      usersCount: 2,
      adminsCount: 1,
      filteredUsersCount: 2,
      page: 1,
      resultPerPage: 1,
    });
    expect(all.users).toHaveLength(1);
    for (const q of ['zed', buyer.email.toUpperCase(), buyer.userId.slice(3, 12)]) {
      const found = adminUsersPageResponseSchema.parse(
        (await get(`/admin/users?q=${encodeURIComponent(q)}`)).json(),
      );
      expect(found.users.map((user) => user._id)).toEqual([buyer.userId]);
      expect(found).toMatchObject({ filteredUsersCount: 1, usersCount: 2 });
    }
  });

  it('keeps the whole list without parameters', async () => {
    const body = (await get('/admin/users')).json();
    expect(Object.keys(body).sort()).toEqual(['success', 'users']);
  });
});

describe('GET /admin/products', () => {
  it('pages 13 at a time with the out-of-stock count, and searches name or id', async () => {
    const body = adminProductsPageResponseSchema.parse((await get('/admin/products?page=1&limit=13')).json());
    expect(body.products).toHaveLength(12);
    expect(body).toMatchObject({ productsCount: 12, outOfStockCount: 1, filteredProductsCount: 12, page: 1 });
    const lamp = adminProductsPageResponseSchema.parse((await get('/admin/products?q=paged%20LAMP')).json());
    expect(lamp.products.map((product) => product.name)).toEqual(['Paged Lamp']);
    const byId = adminProductsPageResponseSchema.parse(
      (await get(`/admin/products?q=${lamp.products[0]!._id.slice(5, 17).toUpperCase()}`)).json(),
    );
    expect(byId.products.map((product) => product.name)).toEqual(['Paged Lamp']);
    expect(Object.keys((await get('/admin/products')).json()).sort()).toEqual(['products', 'success']);
  });
});

describe('GET /admin/products?stockBelow (low stock, issue 29)', () => {
  it('keeps the products with fewer in stock than the threshold, with q, and counts them', async () => {
    await addProduct(t.app, { name: 'Low Lamp', stock: 4 });
    await addProduct(t.app, { name: 'Enough Lamp', stock: 5 });
    const low = adminProductsPageResponseSchema.parse((await get('/admin/products?stockBelow=5')).json());
    expect(low.products.map((product) => product.name).sort()).toEqual(['Low Lamp', 'Paged Lamp']);
    expect(low).toMatchObject({ productsCount: 14, outOfStockCount: 1, filteredProductsCount: 2, page: 1 });
    const lamps = adminProductsPageResponseSchema.parse(
      (await get('/admin/products?stockBelow=5&q=low&page=1&limit=1')).json(),
    );
    expect(lamps.products.map((product) => product.name)).toEqual(['Low Lamp']);
    expect(lamps.filteredProductsCount).toBe(1);
    const outOfStock = adminProductsPageResponseSchema.parse(
      (await get('/admin/products?stockBelow=1')).json(),
    );
    expect(outOfStock.products.map((product) => product.name)).toEqual(['Paged Lamp']);
  });

  it('refuses a threshold that is not a whole number of at least 1 with a 400 naming it', async () => {
    for (const [value, message] of [
      ['0', 'stockBelow must be at least 1'],
      ['2.5', 'stockBelow must be a whole number'],
      ['few', 'stockBelow must be a number'],
    ]) {
      const response = await get(`/admin/products?stockBelow=${value}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().message, value).toContain(message);
    }
  });
});

describe('the admin lists at scale', () => {
  // A page past the middle is read from the other end (pageFromNearerEnd): whichever end a page comes
  // from, the pages join up into the whole list, newest first.
  beforeAll(async () => {
    for (const name of ['Ann Later', 'Bob Later', 'Cy Later', 'Di Later']) await register(t.app, { name });
  });

  it.each([
    ['orders', 4],
    ['users', 2],
    ['products', 5],
  ] as const)('pages through every %s, %i a page, in the order of the whole list', async (list, limit) => {
    // The whole list is written a batch at a time (sendJsonList), the pages by the route's schema: the
    // same items either way, field for field.
    const itemsOf = (body: Record<string, { _id: string }[]>) => body[list]!;
    const whole = itemsOf((await get(`/admin/${list}`)).json());
    const paged: { _id: string }[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / limit); page++)
      paged.push(...itemsOf((await get(`/admin/${list}?page=${page}&limit=${limit}`)).json()));
    expect(whole.length).toBeGreaterThan(limit);
    expect(paged).toEqual(whole);
  });

  it.each([1, 3])(
    'reads a whole list in batches of %i that join up into the list, ties and microseconds included',
    async (batchSize) => {
      // Three products created in the same instant and one a microsecond after them (created first, so
      // its id is the smallest): a cursor rounded to a Date's milliseconds would skip the other three.
      const instant = new Date(Date.now() - 3_600_000 - batchSize);
      const [first] = [
        await addProduct(t.app, { name: 'Tie A', createdAt: instant }),
        ...(await Promise.all(
          ['Tie B', 'Tie C', 'Tie D'].map((name) => addProduct(t.app, { name, createdAt: instant })),
        )),
      ];
      await t.app.shop.db.execute(
        sql`update products set created_at = created_at + interval '1 microsecond' where id = ${first!.id}`,
      );
      const reference = rowsOf<{ id: string }>(
        await t.app.shop.db.execute(sql`select id from products order by created_at desc, id desc`),
      ).map((row) => row.id);
      const batches: string[][] = [];
      for await (const ids of newestFirstIds(t.app.shop.db, products, batchSize)) batches.push(ids);
      expect(batches.flat()).toEqual(reference);
      expect(batches.every((ids) => ids.length <= batchSize)).toBe(true);
    },
  );

  it('answers a whole list with a database that fails at once with an error status, not a cut answer', async () => {
    const failing = vi.spyOn(t.app.shop.db, 'select').mockImplementationOnce(() => {
      throw new Error('database gone');
    });
    const response = await get('/admin/users');
    failing.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Internal Server Error' });
  });

  // With sorting made the planner's last resort, a page of the list in its order (newest first, then the
  // id) is read from an index if one exists, and sorted from every row if not (migration 0019: 77-106 ms
  // for the first page of 200,000 orders without the index, 0.1 ms with it).
  it.each(['orders', 'users'])(
    'reads a page of %s newest first from an index, sorting nothing',
    async (table) => {
      const plan = await planOf(
        t.app.shop.db,
        ['enable_sort'],
        sql`select id from ${sql.identifier(table)} order by created_at desc, id desc limit 10 offset 10`,
      );
      expect(plan).toContain(`Index Only Scan using ${table}_created_order_idx`);
      expect(plan).not.toContain('Sort');
    },
  );

  it("works out the order list's stat cards from a narrow index, not the orders' rows", async () => {
    const plan = await planOf(
      t.app.shop.db,
      ['enable_seqscan', 'enable_bitmapscan'],
      sql`select count(*), count(*) filter (where order_status = 'Delivered'), sum(total_paise) from orders`,
    );
    expect(plan).toContain('Index Only Scan using orders_status_totals_idx');
  });
});
