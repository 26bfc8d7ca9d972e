import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rumErrors, rumViews } from '../src/db/schema.ts';
import { siteHealthFigures } from '../src/site-health/rum-routes.ts';
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
    await db.delete(rumErrors);
    // LCP 1..100 ms on /: p75 (continuous) is 75.25; a view from two days ago does not count.
    await db
      .insert(rumViews)
      .values(Array.from({ length: 100 }, (_, n) => ({ page: '/', lcpMs: n + 1, cls: 0.1 })));
    await db
      .insert(rumViews)
      .values({ page: '/', lcpMs: 99_999, createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await db.insert(rumViews).values({ page: '/cart', inpMs: 120 });
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
      { page: '/', views: 100, lcpMs: 75, inpMs: null, cls: 0.1 },
      { page: '/cart', views: 1, lcpMs: null, inpMs: 120, cls: null },
    ]);
    expect(body.errors[0]).toMatchObject({ source: 'storefront', release: 'r1', count: 2 });
    expect(body.errors[1]).toMatchObject({ source: 'admin', release: 'r7', count: 1, lastMessage: 'boom' });
  });

  it('answers at 100,000 stored reports, summed by the database (the figure is printed)', async () => {
    const db = shop.app.shop.db;
    await db.delete(rumViews);
    await db.delete(rumErrors);
    // 100,000 page views, every one of them in the last 24 hours (the worst case: all are summed), on 40
    // pages, and 10,000 errors over the 8 days the table keeps.
    await db.execute(sql`
      insert into rum_views (created_at, page, lcp_ms, inp_ms, cls, ttfb_ms)
      select now() - (n % 23) * interval '1 hour' - random() * interval '50 minutes',
        '/page-' || (n % 40), 500 + random() * 4000, 20 + random() * 400, random() * 0.3, 50 + random() * 800
      from generate_series(1, 100000) as n`);
    await db.execute(sql`
      insert into rum_errors (created_at, page, source, release, message)
      select now() - (n % 192) * interval '1 hour', '/', (array['shell','storefront','admin'])[1 + n % 3],
        'release-' || (n % 4), 'error ' || n
      from generate_series(1, 10000) as n`);
    await db.execute(sql`analyze rum_views`);
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
    // The goal is 100 ms (issue 26); asserted loosely, as the shared machine's load moves it.
    expect(median).toBeLessThan(1000);
  });
});
