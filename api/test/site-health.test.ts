import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rumErrors, rumViewHours, rumViews } from '../src/db/schema.ts';
import { siteHealthFigures } from '../src/site-health/rum-routes.ts';
import { countViewInHour } from '../src/site-health/view-hours.ts';
import { bucketCount, bucketOf } from '../src/site-health/vital-histogram.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { register, registerAdmin, type SignedIn } from './helpers/shop.ts';

let shop: TestApp;
let admin: SignedIn;
let shopper: SignedIn;

beforeAll(async () => {
  shop = await startTestApp({ config: { rumRateLimit: 30 } });
  admin = await registerAdmin(shop.app);
  shopper = await register(shop.app);
});
afterAll(() => shop.close());

/** As navigator.sendBeacon sends it: text/plain, no token, no cookie. */
const beacon = (body: unknown, address = '203.0.113.7') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/rum',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: address,
  });

describe('POST /rum (the beacon)', () => {
  it('stores a page view and its errors, with anything personal taken out of the message', async () => {
    const response = await beacon({
      page: '/product/:id',
      vitals: [
        { name: 'LCP', value: 1800 },
        { name: 'CLS', value: 0.05 },
      ],
      errors: [
        {
          source: 'storefront',
          release: 'remoteEntry-3f9a1c2b',
          message: 'Cannot read id of undefined for asha@example.com, card 4242 4242 4242 4242',
        },
      ],
    });
    expect(response.statusCode).toBe(202);
    const [view] = await shop.app.shop.db.select().from(rumViews);
    expect(view).toMatchObject({ page: '/product/:id', lcpMs: 1800, cls: 0.05, inpMs: null });
    const [error] = await shop.app.shop.db.select().from(rumErrors);
    expect(error!.message).toBe('Cannot read id of undefined for <email>, card <number>');
  });

  it('refuses an address with a query or anything but a route pattern, and what is not JSON', async () => {
    expect((await beacon({ page: '/products?keyword=asha', vitals: [] })).statusCode).toBe(400);
    expect((await beacon({ page: 'https://shop.example/x', vitals: [] })).statusCode).toBe(400);
    expect((await beacon('not json')).statusCode).toBe(400);
    expect((await beacon({ page: '/', vitals: [{ name: 'FID', value: 3 }] })).statusCode).toBe(400);
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 32; n++)
      statuses.push((await beacon({ page: '/', vitals: [] }, '203.0.113.99')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('no other route starts taking text/plain', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET /admin/site-health (the card)', () => {
  it('answers p75 per page over 24 hours and errors by source, for admins only', async () => {
    const db = shop.app.shop.db;
    await db.delete(rumViews);
    await db.delete(rumViewHours);
    await db.delete(rumErrors);
    // LCP 1..100 ms on / over the last hours: the exact p75 is 75.25, the card's is its bucket's middle,
    // within 5%. A view from two days ago does not count; CLS and INP are read back the same way.
    for (let n = 1; n <= 100; n++)
      await countViewInHour(db, '/', { lcp: n, cls: 0.1 }, new Date(Date.now() - (n % 20) * 3_600_000));
    await countViewInHour(db, '/', { lcp: 99_999 }, new Date(Date.now() - 2 * 86_400_000));
    await countViewInHour(db, '/cart', { inp: 120 });
    await db.insert(rumErrors).values([
      { page: '/', source: 'storefront', release: 'r1', message: 'first' },
      { page: '/', source: 'storefront', release: 'r1', message: 'second' },
      { page: '/admin/dashboard', source: 'admin', release: 'r7', message: 'boom' },
    ]);

    const refused = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/site-health',
      headers: shopper.auth,
    });
    expect(refused.statusCode).toBe(403);
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/site-health',
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pages).toEqual([
      { page: '/', views: 100, lcpMs: expect.any(Number), inpMs: null, cls: expect.any(Number) },
      { page: '/cart', views: 1, lcpMs: null, inpMs: expect.any(Number), cls: null },
    ]);
    const within5Percent = (value: number, exact: number) => Math.abs(value - exact) / exact <= 0.05;
    expect(within5Percent(body.pages[0].lcpMs, 75.25), `LCP p75 ${body.pages[0].lcpMs}`).toBe(true);
    expect(within5Percent(body.pages[0].cls, 0.1), `CLS p75 ${body.pages[0].cls}`).toBe(true);
    expect(within5Percent(body.pages[1].inpMs, 120), `INP p75 ${body.pages[1].inpMs}`).toBe(true);
    expect(body.errors[0]).toMatchObject({ source: 'storefront', release: 'r1', count: 2 });
    expect(body.errors[1]).toMatchObject({ source: 'admin', release: 'r7', count: 1, lastMessage: 'boom' });
  });

  it('answers at 100,000 stored reports, summed by the database (the figure is printed)', async () => {
    const db = shop.app.shop.db;
    await db.delete(rumViews);
    await db.delete(rumViewHours);
    await db.delete(rumErrors);
    // 100,000 page views, every one of them in the last 24 hours (the worst case: all are summed), on 40
    // pages, counted in their hours as the beacon counts them; and 10,000 errors over the 8 days kept.
    const hours = new Map<string, typeof rumViewHours.$inferInsert>();
    const lcpOfPage1: number[] = [];
    for (let n = 1; n <= 100_000; n++) {
      const page = `/page-${n % 40}`;
      const hour = new Date(Math.floor(Date.now() / 3_600_000 - (n % 23)) * 3_600_000);
      const lcp = 500 + Math.random() * 4000;
      if (page === '/page-1') lcpOfPage1.push(lcp);
      const key = `${hour.toISOString()} ${page}`;
      const row = hours.get(key) ?? {
        hour,
        page,
        views: 0,
        lcpCounts: new Array<number>(bucketCount('lcp')).fill(0),
        inpCounts: new Array<number>(bucketCount('inp')).fill(0),
        clsCounts: new Array<number>(bucketCount('cls')).fill(0),
      };
      row.views += 1;
      row.lcpCounts[bucketOf('lcp', lcp) - 1]! += 1;
      row.inpCounts[bucketOf('inp', 20 + Math.random() * 400) - 1]! += 1;
      row.clsCounts[bucketOf('cls', Math.random() * 0.3) - 1]! += 1;
      hours.set(key, row);
    }
    await db.insert(rumViewHours).values([...hours.values()]);
    await db.execute(sql`
      insert into rum_errors (created_at, page, source, release, message)
      select now() - (n % 192) * interval '1 hour', '/', (array['shell','storefront','admin'])[1 + n % 3],
        'release-' || (n % 4), 'error ' || n
      from generate_series(1, 10000) as n`);
    await db.execute(sql`analyze rum_view_hours`);
    await db.execute(sql`analyze rum_errors`);

    const timings: number[] = [];
    let figures: Awaited<ReturnType<typeof siteHealthFigures>> | undefined;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      figures = await siteHealthFigures(db);
      timings.push(performance.now() - started);
    }
    const median = [...timings].sort((a, b) => a - b)[2]!;
    console.log(
      `site health at 100,000 page views + 10,000 errors (${shop.app.shop.database.kind}): median ${median.toFixed(1)} ms of 5 (${timings.map((t) => t.toFixed(0)).join(', ')})`,
    );
    expect(figures!.pages).toHaveLength(20);
    expect(figures!.pages.reduce((sum, page) => sum + page.views, 0)).toBe(50_000);
    expect(figures!.errors.length).toBe(12);
    const exact = lcpOfPage1.sort((a, b) => a - b)[Math.ceil(0.75 * lcpOfPage1.length) - 1]!;
    const page1 = figures!.pages.find(({ page }) => page === '/page-1')!;
    expect(Math.abs(page1.lcpMs! - exact) / exact, `p75 ${page1.lcpMs} against ${exact}`).toBeLessThan(0.05);
    // The goal is 100 ms (issue 26); asserted loosely, as the shared machine's load moves it.
    expect(median).toBeLessThan(1000);
  });
});
