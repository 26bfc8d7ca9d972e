import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, placePaidOrder, register } from './helpers/shop.ts';
import { inputsFor, type Pools } from './helpers/schema-arbitrary.ts';
import { multipart } from './helpers/multipart.ts';
import { stringify } from 'csv-stringify/sync';
import type { RouteEntry } from '../src/http/route-table.ts';
import { SEED_PRODUCTS } from '../src/seed/catalog-data.ts';
import { loadCatalogSnapshot, suggestionsOfSnapshot } from '../src/catalog/catalog-snapshot.ts';
import { loadSuggestions } from '../src/catalog/suggestion-statements.ts';
import { rowsOf } from '../src/db/rows.ts';

// Every endpoint's body, query and path, generated from the route's own zod schemas (valid, spoiled and
// junk values): never a 500, always a JSON error, and a refused input changes nothing stored.
// FUZZ_RUNS sets the number of cases (1,000 by default; api/README.md has a 10,000-case run).
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

const t = useTestApp({ admin: true });
const pools: Pools = { ids: [] };

beforeAll(async () => {
  // Rows that exist, so generated ids sometimes reach past "not found".
  const shopper = await register(t.app);
  const { orderId, productId } = await placePaidOrder(t.app, shopper);
  await t.request('PUT', '/review', { as: shopper, payload: { rating: 4, comment: 'Ok', productId } });
  const review = (await t.request('GET', `/product/${productId}`)).json().product.reviews[0]._id as string;
  pools.ids.push(shopper.userId, productId, orderId, review, (await addProduct(t.app)).id);
});

/** Everything stored, as one fingerprint per table, plus the uploaded files. */
async function storedState() {
  // login_throttle is left out on purpose: counting a refused login is its job.
  const tables = [
    'users',
    'sessions',
    'password_resets',
    'products',
    'reviews',
    'orders',
    'payment_intents',
    'used_payments',
    'invoices',
    'invoice_counters',
    'payment_requests',
    'carts',
    // Cancel, refund and return (issue 29): a refused one claims no refund number and moves no money.
    'order_refunds',
    'payment_intent_refunds',
    // A refused admin write records no audit entry (issue 29): the entry commits with the change only.
    'admin_activity',
  ];
  const columns = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) from (select ${sql.raw(table)}::text as row_text from ${sql.raw(table)}) as rows) as ${sql.raw(table)}`,
  );
  const result = await t.app.shop.db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const rows = rowsOf(result);
  const uploads = path.join(t.dataDir, 'uploads');
  const files = existsSync(uploads) ? readdirSync(uploads, { recursive: true }).map(String).sort() : [];
  return JSON.stringify({ tables: rows[0], files });
}

/** Waits for work a route does after its answer: a moment, then until two readings agree. */
async function settledState() {
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  await pause(100);
  let [last, now] = ['', await storedState()];
  while (now !== last) {
    await pause(20);
    [last, now] = [now, await storedState()];
  }
}

interface Case {
  /** "METHOD /url": a counterexample names its route, not the route's schema objects. */
  route: string;
  params: unknown;
  query: unknown;
  body: unknown;
  /** JSON-only routes get forms too (half the time): a form another site can post must be a 415. */
  encoding: 'json' | 'multipart' | 'urlencoded' | 'text' | 'csv';
}

/**
 * A CSV route's body: rows drawn from its row schema (valid, spoiled, junk) under a header of their keys,
 * or any text at all (unclosed quotes, ragged rows, a header of nothing the route knows).
 */
const csvBodyFor = (row: NonNullable<RouteEntry['csvRow']>) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.array(inputsFor(row, pools), { maxLength: 6 }) },
    fc.string({ maxLength: 200 }),
    fc
      .array(
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('"', '""', ',', '\n', '\r\n')), {
          maxLength: 5,
        }),
        {
          maxLength: 5,
        },
      )
      .map((rows) => rows.map((cells) => cells.join(',')).join('\n')),
  );

const caseFor = (route: RouteEntry): fc.Arbitrary<Case> =>
  fc.record({
    route: fc.constant(`${route.method} ${route.url}`),
    params: route.input.params ? inputsFor(route.input.params, pools) : fc.constant(undefined),
    query: route.input.querystring ? inputsFor(route.input.querystring, pools) : fc.constant(undefined),
    body: route.csvRow
      ? csvBodyFor(route.csvRow)
      : route.input.body
        ? inputsFor(route.input.body, pools)
        : fc.constant(undefined),
    encoding: route.form
      ? fc.constantFrom('json' as const, 'multipart' as const, 'urlencoded' as const)
      : route.csvRow
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant('csv' as const) },
            fc.constantFrom('json' as const, 'multipart' as const, 'text' as const),
          )
        : fc.oneof(
            { weight: 3, arbitrary: fc.constant('json' as const) },
            fc.constantFrom('multipart' as const, 'urlencoded' as const, 'text' as const),
          ),
  });

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * A drawn id as one segment of the address. An empty one, `.` or `..` is no segment: the URL resolves it
 * away before any router reads it (a browser does the same), so the request would reach another route or
 * none (CI drew `PUT /password/reset/.`, answered 404 as the route without its token).
 */
function pathSegment(value: unknown) {
  const segment = encodeURIComponent(text(value));
  return segment === '' || segment === '.' || segment === '..' ? 'x' : segment;
}

function requestOf(
  route: RouteEntry,
  { params, query, body, encoding }: Case,
): { url: string; headers: Record<string, string>; payload?: string | Buffer } {
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  let url = route.url.replace(/:(\w+)/g, (_match: string, name: string) => pathSegment(values[name]));
  const search = query && typeof query === 'object' ? qs.stringify(query, { encodeValuesOnly: true }) : '';
  if (search) url += `?${search}`;
  if (body === undefined || route.method === 'GET' || route.method === 'DELETE') return { url, headers: {} };
  if (encoding === 'multipart' && body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, text(value)]));
    const form = multipart(fields);
    return { url, headers: form.headers, payload: form.payload };
  }
  if (encoding === 'csv') {
    const rows = Array.isArray(body) ? body : [];
    const objects = rows.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object');
    const columns = [...new Set(objects.flatMap((row) => Object.keys(row)))];
    const csv =
      typeof body === 'string'
        ? body
        : stringify([columns, ...objects.map((row) => columns.map((column) => text(row[column])))]);
    return { url, headers: { 'content-type': 'text/csv' }, payload: csv };
  }
  if (encoding === 'text') {
    // What a form with enctype="text/plain" can send: any text, JSON-shaped or not.
    return { url, headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body) ?? 'null' };
  }
  if (encoding === 'urlencoded' && body && typeof body === 'object') {
    return {
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify(body),
    };
  }
  return { url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' };
}

describe(`every endpoint, fuzzed from its schemas (${RUNS} cases)`, () => {
  it(
    'never answers 500, always answers JSON, and a refused input changes nothing stored',
    async () => {
      const statuses = new Map<number, number>();
      // Logout as the admin would end the session every other case uses: it is called as a guest.
      const asGuest = new Set(['/api/v1/auth/logout']);
      // The browsers' beacon takes text/plain on purpose (sendBeacon; no token, no cookie): other forms not.
      const beacons = new Set(['/api/v1/rum']);
      // Writes the reset link after its answer has left (issue 21): the next case starts once it has landed.
      const finishesAfterAnswer = new Set(['/api/v1/password/forgot']);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...t.app.shop.routes).chain(caseFor), async (input) => {
          const route = t.app.shop.routes.find((entry) => `${entry.method} ${entry.url}` === input.route)!;
          const { url, headers, payload } = requestOf(route, input);
          const before = await storedState();
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...(asGuest.has(route.url) ? {} : t.admin.auth), ...headers },
            ...(payload === undefined ? {} : { payload }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const context = `${route.method} ${url.slice(0, 300)} ${String(payload ?? '').slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          const type = headers['content-type'] ?? 'application/json';
          const formToJsonRoute =
            !route.form &&
            !type.startsWith('application/json') &&
            !(beacons.has(route.url) && type.startsWith('text/plain')) &&
            !(route.csvRow && type === 'text/csv');
          // Refused as a form (415), or before it is read: over the route's size (413: the beacon's 8 KB
          // limit is checked first), or an address whose id is over the router's 300 characters (414, `maxParamLength`).
          if (formToJsonRoute)
            expect([413, 414, 415], `${context}: a form to a JSON-only route`).toContain(response.statusCode);
          if (finishesAfterAnswer.has(route.url) && response.statusCode < 400) await settledState();
          if (response.statusCode >= 400) {
            expect(response.json(), context).toMatchObject({ success: false, message: expect.any(String) });
            expect(await storedState(), `${context}: refused, yet something stored changed`).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} x${count}`);
      console.info(`fuzz: ${RUNS} cases over ${t.app.shop.routes.length} routes: ${counts.join(', ')}`);
      expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(RUNS);
    },
    Math.max(120_000, RUNS * 200),
  );

  it('answers any text typed in the search box with at most 6 suggestions or a 400, the memory index and the database agreeing', async () => {
    for (const product of SEED_PRODUCTS) await addProduct(t.app, { name: product.name });
    const snapshot = await loadCatalogSnapshot(t.app.shop.db);
    const words = SEED_PRODUCTS.flatMap((product) => product.name.split(' '));
    // A word of the catalog with a letter dropped, doubled or replaced, or any text at all.
    const typed = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...words),
          fc.nat(),
          fc.constantFrom('', 'e', 'a', '%', '_', ' '),
          fc.boolean(),
        )
        .map(([word, at, letter, replace]) => {
          const cut = at % (word.length + 1);
          return word.slice(0, cut) + letter + word.slice(cut + (replace ? 1 : 0));
        }),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(typed, async (q) => {
        const response = await t.request('GET', `/products/suggest?q=${encodeURIComponent(q)}`);
        if (q.trim().length < 2) {
          expect(response.statusCode, q).toBe(400);
          return;
        }
        expect(response.statusCode, q).toBe(200);
        const { products } = response.json();
        expect(products.length, q).toBeLessThanOrEqual(6);
        const fromMemory = suggestionsOfSnapshot(snapshot, q.trim(), 'http://shop.test');
        expect(fromMemory, q).toEqual(await loadSuggestions(t.app.shop.db, q.trim(), 'http://shop.test'));
      }),
      { numRuns: Math.min(RUNS, 300) },
    );
  });
});
