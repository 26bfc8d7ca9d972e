import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { startTestApp, type TestApp } from '../test/helpers/test-app.ts';
import { addProduct, registerAdmin, type SignedIn } from '../test/helpers/shop.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { readCancellable } from '../src/db/cancellable-read.ts';
import { BROAD_READS_BUSY_MESSAGE, forCaller, readInTurn } from '../src/catalog/broad-reads.ts';
import { rowsOf } from '../src/db/rows.ts';

// Issue 27 §4: with DATABASE_READ_URL naming a streaming replica (pg_basebackup -R of the test's own
// cluster), the catalog is read there, and a write is never read back older, however far the replica lags:
// its replay is paused here to make the lag as long as the test wants. The catalog cache is off, so every
// list and product page is a database read.

let cluster: ThrowawayPostgres;
let replica: { url: string; start(): void; stop(): void };
let shop: TestApp;
let admin: SignedIn;
/** The test database on the primary and on the replica. */
let onPrimary: postgres.Sql;
let onReplica: postgres.Sql;

beforeAll(async () => {
  const started = startThrowawayPostgres(await freePort());
  if (!started) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin)');
  cluster = started;
  replica = cluster.startReplica(await freePort());
  shop = await startTestApp({
    postgresUrl: cluster.url,
    readReplicaUrl: replica.url,
    config: { catalogCacheMs: 0 },
  });
  admin = await registerAdmin(shop.app);
  onPrimary = postgres(shop.databaseUrl!, { max: 1, onnotice: () => {} });
  onReplica = postgres(shop.app.shop.config.databaseReadUrl!, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await onReplica?.end();
  await onPrimary?.end();
  await shop?.close();
  cluster?.remove();
});

const productPage = async (id: string) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/v1/product/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ product: { name: string } }>().product.name;
};
const listed = async (keyword: string) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/v1/products?keyword=${keyword}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ products: { name: string }[] }>().products.map((product) => product.name);
};
/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const [{ lsn }] = await onPrimary<[{ lsn: string }]>`select pg_current_wal_lsn()::text as lsn`;
  for (let tries = 0; tries < 200; tries++) {
    const [{ behind }] = await onReplica<[{ behind: boolean }]>`
      select pg_last_wal_replay_lsn() < ${lsn}::pg_lsn as behind`;
    if (!behind) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the replica did not catch up in 10 s');
}
/** A change made behind the api's back (another tool, a migration): the api notes no catalog write. */
const renameBehindTheApi = (id: string, name: string) =>
  onPrimary`update products set name = ${name} where id = ${id}`;

describe('catalog reads on a read replica', () => {
  it('are answered by the replica once it has replayed the last catalog write', async () => {
    const product = await addProduct(shop.app, { name: 'Replica Kettle' });
    await replicaCaughtUp();
    await onReplica`select pg_wal_replay_pause()`;
    try {
      await renameBehindTheApi(product.id, 'Primary Kettle');
      // The replica has not replayed the rename; the primary has it: what the api shows says who answered.
      expect(await productPage(product.id)).toBe('Replica Kettle');
      expect(await listed('Kettle')).toEqual(['Replica Kettle']);
    } finally {
      await onReplica`select pg_wal_replay_resume()`;
    }
  });

  it("never shows a write older than it is: an admin's edit is on the product page at once, lag or not", async () => {
    const product = await addProduct(shop.app, { name: 'Lagging Lamp' });
    await replicaCaughtUp();
    await onReplica`select pg_wal_replay_pause()`;
    try {
      const edited = await shop.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/product/${product.id}`,
        headers: admin.auth,
        payload: {
          name: 'Edited Lamp',
          price: 499,
          description: 'A lamp',
          category: 'Laptop',
          stock: 3,
        },
      });
      expect(edited.statusCode).toBe(200);
      // The replica still holds the old name (its replay is paused): the primary answers.
      const [{ name }] = await onReplica<
        [{ name: string }]
      >`select name from products where id = ${product.id}`;
      expect(name).toBe('Lagging Lamp');
      expect(await productPage(product.id)).toBe('Edited Lamp');
      expect(await listed('Lamp')).toEqual(['Edited Lamp']);
    } finally {
      await onReplica`select pg_wal_replay_resume()`;
    }
    // Caught up, the replica answers again: a later rename behind the api's back shows only once replayed.
    await replicaCaughtUp();
    await onReplica`select pg_wal_replay_pause()`;
    try {
      await renameBehindTheApi(product.id, 'Unreplayed Lamp');
      expect(await productPage(product.id)).toBe('Edited Lamp');
    } finally {
      await onReplica`select pg_wal_replay_resume()`;
    }
  });

  it('goes to the primary while the replica is down, and back to it once it is up', async () => {
    const product = await addProduct(shop.app, { name: 'Sturdy Stool' });
    await replicaCaughtUp();
    replica.stop();
    try {
      await renameBehindTheApi(product.id, 'Stool On The Primary');
      // The first read fails on the replica and is answered by the primary, as is every one after it.
      expect(await productPage(product.id)).toBe('Stool On The Primary');
      expect(await listed('Stool')).toEqual(['Stool On The Primary']);
    } finally {
      replica.start();
    }
    const reconnected = postgres(shop.app.shop.config.databaseReadUrl!, { max: 1, onnotice: () => {} });
    await onReplica.end();
    onReplica = reconnected;
    await replicaCaughtUp();
    await onReplica`select pg_wal_replay_pause()`;
    try {
      await renameBehindTheApi(product.id, 'Stool Not Yet Replayed');
      // After REPLICA_RETRY_MS the replica is asked again, found caught up, and answers.
      await new Promise((done) => setTimeout(done, 5_100));
      expect(await productPage(product.id)).toBe('Stool On The Primary');
    } finally {
      await onReplica`select pg_wal_replay_resume()`;
    }
  });

  it('stops a read on the replica whose caller left, and goes on reading there', async () => {
    await replicaCaughtUp();
    const warnings = () =>
      shop.logs.filter((line) => String(line.msg).includes('read replica unreachable')).length;
    const warnedBefore = warnings();
    const onTheReplica = () =>
      shop.app.shop.catalogReads.read(async (db) =>
        rowsOf<{ replica: boolean }>(await db.execute(sql`select pg_is_in_recovery() as replica`)),
      );
    expect(await onTheReplica()).toEqual([{ replica: true }]);
    const leaving = new AbortController();
    // A broad read as the routes run it: in its turn, for a caller who may leave.
    const slow = forCaller(leaving.signal, () =>
      shop.app.shop.catalogReads.read((db) =>
        readInTurn((signal) =>
          readCancellable(db, signal, (reader) => reader.execute(sql`select pg_sleep(30)`)),
        ),
      ),
    );
    slow.catch(() => {});
    await expect
      .poll(
        async () =>
          (
            await onReplica`select count(*)::int as running from pg_stat_activity
            where query like '%pg_sleep(30)%' and state = 'active' and pid <> pg_backend_pid()`
          )[0]!.running,
        { timeout: 5_000, interval: 20 },
      )
      .toBe(1);
    leaving.abort();
    await expect(slow).rejects.toMatchObject({ statusCode: 503, message: BROAD_READS_BUSY_MESSAGE });
    // Not taken for a failing replica: no warning, no rerun on the primary, the next read there again.
    expect(warnings()).toBe(warnedBefore);
    expect(await onTheReplica()).toEqual([{ replica: true }]);
  });
});
