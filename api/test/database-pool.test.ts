import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectInThread } from '../src/db/client.ts';

// The api's pool of PostgreSQL connections (db/client.ts) queues a statement behind at most one other on a
// busy connection (postgres.js's least: none at all breaks its transactions); the rest wait for the first
// connection that frees, not behind a slow statement. No table is read: the server's own database will do.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL connection pool', () => {
  it('holds at most one statement behind a slow one; the others run on the connection that frees first', async () => {
    const { db, close } = await connectInThread({ url: serverUrl! }, 2);
    try {
      // Both connections open and idle.
      await Promise.all([db.execute(sql`select 1`), db.execute(sql`select 1`)]);
      // drizzle sends a statement when it is awaited: `then` sends these two now.
      const slow = db.execute(sql`select pg_sleep(1.5)`).then(() => {});
      const short = db.execute(sql`select pg_sleep(0.1)`).then(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waitedMs = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const started = performance.now();
          await db.execute(sql`select 1`);
          return performance.now() - started;
        }),
      );
      await Promise.all([slow, short]);
      // Pipelined 100 deep (postgres.js's default), every other one waited out the 1.5 s sleep.
      expect(waitedMs.filter((ms) => ms > 1_000)).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
