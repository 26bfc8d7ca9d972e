import { beforeAll, describe, expect, it } from 'vitest';
import { dailyOrdersResponseSchema } from '@shop/shared-api/schemas';
import { orders } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';
import { dailyFiguresQuery, lastDays } from '../src/orders/order-repository.ts';
import { planOf } from './helpers/query-plan.ts';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, register, shippingInfo } from './helpers/shop.ts';

// GET /admin/orders/daily: the dashboard's chart, summed by the database (issue 10, point 8).

const t = useTestApp({ admin: true });
const HOUR = 3_600_000;

beforeAll(async () => {
  const buyer = await register(t.app, { name: 'Daily Buyer' });
  const product = await addProduct(t.app, { name: 'Daily Lamp' });
  // Three orders now, one 2 days ago, one 40 days ago (outside a 30-day chart).
  const placed = [0, 0, 0, 2 * 24, 40 * 24].map((hoursAgo, index) => ({
    createdAt: new Date(Date.now() - hoursAgo * HOUR),
    totalPaise: 10_000 * (index + 1),
  }));
  for (const { createdAt, totalPaise } of placed) {
    const id = newId();
    await t.app.shop.db.insert(orders).values({
      id,
      userId: buyer.userId,
      shippingInfo,
      orderItems: [
        { product: product.id, name: product.name, image: '/x.png', pricePaise: totalPaise, quantity: 1 },
      ],
      paymentId: `pi_daily_${id}`,
      paymentStatus: 'succeeded',
      paidAt: createdAt,
      itemsPaise: totalPaise,
      taxPaise: 0,
      shippingPaise: 0,
      totalPaise,
      createdAt,
    });
  }
});

const daily = async (query = '') => {
  const response = await t.request('GET', `/admin/orders/daily${query}`, { as: t.admin });
  expect(response.statusCode).toBe(200);
  return dailyOrdersResponseSchema.parse(response.json()).days;
};

describe('GET /admin/orders/daily', () => {
  it('answers 30 days ending today in the shop’s time zone, with the orders of each day summed', async () => {
    const days = await daily();
    expect(days.map((day) => day.day)).toEqual(lastDays(30, 'Asia/Kolkata'));
    const today = days.at(-1)!;
    expect(today).toEqual({ day: lastDays(1, 'Asia/Kolkata')[0], revenue: 600, orders: 3 });
    expect(days.reduce((sum, day) => sum + day.orders, 0)).toBe(4);
    expect(days.reduce((sum, day) => sum + day.revenue, 0)).toBe(1000);
  });

  it('counts days in the asked time zone, and reaches back as far as asked', async () => {
    const days = await daily('?days=60&tz=America/Los_Angeles');
    expect(days).toHaveLength(60);
    expect(days.at(-1)!.day).toBe(lastDays(1, 'America/Los_Angeles')[0]);
    expect(days.reduce((sum, day) => sum + day.orders, 0)).toBe(5);
  });

  // Each day is a range of the list's index, whose entries carry the totals (migration 0021): the chart
  // reads index entries only, no order row (217-372 ms at 200,000 orders in 30 days before, 46-73 after).
  // Whole-table scans are made the planner's last resort, as a large shop's statistics make them.
  it("adds up the days from the order list's index alone, reading no order row", async () => {
    const plan = await planOf(
      t.app.shop.db,
      ['enable_seqscan', 'enable_bitmapscan'],
      dailyFiguresQuery(lastDays(30, 'Asia/Kolkata'), 'Asia/Kolkata'),
    );
    expect(plan).toContain('Index Only Scan using orders_created_order_idx');
  });

  it('refuses a time zone or a range it cannot read, naming the field', async () => {
    for (const query of ['?tz=Mars/Olympus', "?tz=UTC';drop table orders;--", '?days=0', '?days=9999']) {
      const response = await t.request('GET', `/admin/orders/daily${query}`, { as: t.admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(tz|days)/);
    }
  });
});

describe('lastDays', () => {
  it('steps over month ends and leap days', () => {
    expect(lastDays(3, 'UTC', new Date('2028-03-01T10:00:00Z'))).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(lastDays(2, 'Asia/Kolkata', new Date('2026-12-31T20:00:00Z'))).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});
