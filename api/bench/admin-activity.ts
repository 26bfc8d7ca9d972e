// The Activity screen at 100,000 entries (issue 29): `pnpm bench:activity [--entries N] [--runs R]`.
// Seeds N audit entries (default 100,000: 5 admins, every action, 90 days) with one generate_series
// statement into an in-memory PGlite, or into a throwaway database on the server DATABASE_URL names
// (dropped afterwards), then times GET /admin/activity in-process (Fastify's inject: validation, query,
// serialisation; no socket) for each filter the screen sends, R times each after a warm-up, and prints the
// median, p95 and worst in ms next to the goal (under 100 ms).
// Figures move with the machine's load: run it holding the shared lock (flock /tmp/shop-heavy.lock).
import { sql } from 'drizzle-orm';
import { ADMIN_ACTIONS } from '@shop/shared-api/schemas';
import { argument } from './bench-server.ts';
import { benchAdmin, startInProcessApi } from './in-process-api.ts';
import { percentile } from './percentiles.ts';

const entries = Number(argument('entries') ?? 100_000);
const runs = Number(argument('runs') ?? 30);
const GOAL_MS = 100;

const round = (ms: number) => Math.round(ms * 10) / 10;

const { app, database, close } = await startInProcessApi('activity');
await app.ready();
const { db } = app.shop;

try {
  const { auth } = await benchAdmin(app);

  // Entry g: admin g % 5, every action in turn, one of 2,000 changed things, spread evenly over 90 days.
  const actions = `array[${ADMIN_ACTIONS.map((action) => `'${action}'`).join(', ')}]`;
  let started = performance.now();
  await db.execute(
    sql.raw(`
    insert into admin_activity (id, at, actor_id, actor_email, action, target_id, changes)
    select substr(md5('activity' || g), 1, 24),
      now() - make_interval(secs => (g::double precision / ${entries}) * 90 * 86400),
      substr(md5('admin' || g % 5), 1, 24), 'admin' || g % 5 || '@example.com',
      (${actions})[1 + g % ${ADMIN_ACTIONS.length}], substr(md5('target' || g % 2000), 1, 24),
      jsonb_build_array(jsonb_build_object('field', 'stock', 'before', g % 50, 'after', g % 50 + 1))
    from generate_series(1, ${entries}) g`),
  );
  const seedSeconds = round((performance.now() - started) / 1000);
  // What autovacuum does on a live database: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze admin_activity`);

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const target = (await db.execute(sql`select substr(md5('target' || 7), 1, 24) as id`)) as unknown;
  const targetId = (
    (Array.isArray(target) ? target : (target as { rows: unknown[] }).rows)[0] as { id: string }
  ).id;
  const queries: Record<string, string> = {
    'first page, no filter': 'page=1&limit=20',
    'page 5000, no filter': 'page=5000&limit=20',
    'who (email)': 'who=admin3@example.com&page=1&limit=20',
    'who, page 1000': 'who=admin3@example.com&page=1000&limit=20',
    what: 'action=order.status&page=1&limit=20',
    'changed thing': `target=${targetId}&page=1&limit=20`,
    'date: one week': `from=${day(40)}&to=${day(33)}&page=1&limit=20`,
    'who + what + 30 days': `who=admin1@example.com&action=product.update&from=${day(30)}&page=1&limit=20`,
    'nothing matches': 'who=nobody@example.com&page=1&limit=20',
  };

  const rows: Record<string, Record<string, number | string>> = {};
  for (const [name, query] of Object.entries(queries)) {
    const url = `/api/v1/admin/activity?${query}`;
    const ask = () => app.inject({ method: 'GET', url, headers: auth });
    const first = await ask();
    if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
    for (let i = 0; i < 3; i++) await ask();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    const worst = Math.max(...times);
    rows[name] = {
      matching: (first.json() as { filteredEntriesCount: number }).filteredEntriesCount,
      'median ms': round(percentile(times, 50)),
      'p95 ms': round(percentile(times, 95)),
      'worst ms': round(worst),
      [`under ${GOAL_MS} ms`]: percentile(times, 95) < GOAL_MS ? 'yes' : 'NO',
    };
  }

  console.info(
    `GET /admin/activity at ${entries.toLocaleString('en')} entries on ${database.kind} (seeded in ${seedSeconds} s), ${runs} runs each after 3 warm-ups:`,
  );
  console.table(rows);
} finally {
  await close();
}
