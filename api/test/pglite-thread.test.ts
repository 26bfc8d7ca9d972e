import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInThread, openDatabase, type Database } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { rowsOf } from '../src/db/rows.ts';
import { users } from '../src/db/schema.ts';
import { longestTimerGap, mostGapWhileWorkRunsElsewhere } from './helpers/event-loop.ts';

// The shop's own embedded database (a directory, as `pnpm start` keeps it) runs in a thread of its own
// (src/db/pglite-thread): what the api sees must be what PGlite in its own thread gave it, and a long
// query must leave the api's thread free.

/** drizzle's error for a query on a closed port: PgliteThread's reason is its cause. */
const closedPort = { cause: { message: "the port to the embedded database's thread closed" } };

describe('the embedded database in its own thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-thread-'));
    database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const userRow = (email: string) => ({
    id: `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(24, '0').slice(0, 24),
    name: 'Thread Test',
    email,
    passwordHash: 'x',
  });
  const countOf = async (email: string) =>
    (await database.db.select().from(users).where(eq(users.email, email))).length;

  it('migrated the schema and answers typed rows, dates as drizzle reads them', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`select 41 + 1 as answer, now() as at, '{"a":[1]}'::jsonb as doc`),
    );
    expect(row).toMatchObject({ answer: 42, doc: { a: [1] } });
    // drizzle's PGlite session reads timestamps as PostgreSQL's text and parses them itself.
    expect(typeof row!.at).toBe('string');
    const [user] = await database.db.insert(users).values(userRow('typed@example.com')).returning();
    expect(user!.createdAt).toBeInstanceOf(Date);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(userRow('kept@example.com'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(userRow('undone@example.com'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await countOf('kept@example.com')).toBe(1);
    expect(await countOf('undone@example.com')).toBe(0);
  });

  it('a query outside a transaction waits for it and sees what it committed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = database.db.transaction(async (tx) => {
      await tx.insert(users).values(userRow('waited@example.com'));
      await held;
    });
    const reading = countOf('waited@example.com');
    setTimeout(release, 50);
    await writing;
    expect(await reading).toBe(1);
  });

  it("keeps PostgreSQL's error fields, so a duplicate is still a unique violation", async () => {
    await database.db.insert(users).values(userRow('twice@example.com'));
    const error = await database.db
      .insert(users)
      .values(userRow('twice@example.com'))
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("answers another thread's port from the same database, and closing the port leaves it open", async () => {
    // The catalog index's thread reaches the database this way (connectInThread); a port is a port in
    // any thread.
    const linked = await connectInThread(database.threadLink!(), 1);
    await database.db.insert(users).values(userRow('seen-by-port@example.com'));
    const seen = await linked.db.select().from(users).where(eq(users.email, 'seen-by-port@example.com'));
    expect(seen).toHaveLength(1);
    await linked.db.transaction(async (tx) => {
      await tx.insert(users).values(userRow('written-by-port@example.com'));
    });
    expect(await countOf('written-by-port@example.com')).toBe(1);
    await linked.close();
    await expect(linked.db.execute(sql`select 1`)).rejects.toMatchObject(closedPort);
    expect(await countOf('seen-by-port@example.com')).toBe(1);
  });

  it("answers another thread's query before a flood of the api's queries it came behind", async () => {
    const linked = await connectInThread(database.threadLink!(), 1);
    try {
      // The database numbers the queries in the order it runs them. The flood's first query holds the
      // database's thread while the rest, and the other thread's query, are sent: it runs as soon as it
      // arrives, so the other thread's query is waiting there however slow this machine is to send.
      await database.db.execute(sql`create temporary sequence run_order`);
      const holding = database.db.execute(sql`select pg_sleep(0.5)`).then(() => undefined);
      const flood = Array.from({ length: 2000 }, () =>
        // drizzle sends a query when it is awaited: `then` sends each now, before the other thread's.
        database.db.execute(sql`select nextval('run_order')`).then(() => undefined),
      );
      const [linkedRun] = rowsOf<{ nextval: string | number }>(
        await linked.db.execute(sql`select nextval('run_order')`),
      );
      await Promise.all([holding, ...flood]);
      // Left to the event loop, it ran after 1,000 of them: Node hands a port's waiting messages over in
      // batches of at least 1,000 (db/pglite-thread/worker.ts, takeLinkedFirst).
      expect(Number(linkedRun!.nextval)).toBeLessThan(5);
    } finally {
      await linked.close();
    }
  });

  it("leaves the api's thread free while a long query runs", async () => {
    const { workMs: queryMs, longestGapMs } = await longestTimerGap(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 3000000)`),
    );
    // The query is long enough to show a stall (in this thread it held the timers for all of it).
    expect(queryMs).toBeGreaterThan(150);
    expect(longestGapMs).toBeLessThan(mostGapWhileWorkRunsElsewhere(queryMs, 50));
  });
});

describe("the embedded database's thread stopping", () => {
  it("settles another thread's waiting query and fails its later ones, none left hanging", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-stopped-'));
    try {
      const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      const linked = await connectInThread(database.threadLink!(), 1);
      expect(rowsOf(await linked.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      const waiting = linked.db.execute(sql`select pg_sleep(0.5)`);
      await database.close();
      // Answered before the thread closed, or failed with it: either way it settles (a hang times out).
      await waiting.catch(() => {});
      await expect(linked.db.execute(sql`select 1`)).rejects.toMatchObject(closedPort);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a start whose migration fails', () => {
  it('refuses and lets the process end (the thread does not keep it alive)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-refused-'));
    try {
      // A database that is not the shop's: the first migration's `create table users` fails.
      const stranger = new PGlite(path.join(dir, 'pglite'));
      await stranger.exec('create table users (nickname text)');
      await stranger.close();
      const client = fileURLToPath(new URL('../src/db/client.ts', import.meta.url));
      const script = path.join(dir, 'open.mjs');
      writeFileSync(
        script,
        `import { openDatabase } from ${JSON.stringify(client)};
openDatabase({ pgliteDir: ${JSON.stringify(path.join(dir, 'pglite'))} }).then(
  () => console.log('opened'),
  (error) => console.log('refused: ' + error.message),
);`,
      );
      const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 45_000 });
      expect(run.signal).toBeNull(); // not killed by the time-out: it ended on its own
      expect(run.stdout).toMatch(/^refused: [\s\S]*"users"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
