import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp, type ShopApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { CATALOG_CHANNEL } from '../src/catalog/catalog-changes.ts';
import { products } from '../src/db/schema.ts';
import { addProduct, registerAdmin, type SignedIn } from './helpers/shop.ts';

// Two api instances on one PostgreSQL, each with its own catalog cache kept far longer than the test
// waits: only the NOTIFY of one instance's write can make the other answer the new product at once.
const serverUrl = process.env.DATABASE_URL;
const CACHE_MS = 60_000;

describe.skipIf(!serverUrl)('catalog answers across instances on PostgreSQL (LISTEN/NOTIFY)', () => {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-test-'));
  let server: postgres.Sql;
  const databases: Database[] = [];
  const apps: ShopApp[] = [];
  let admin: SignedIn;

  beforeAll(async () => {
    server = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url.toString() });
      databases.push(database);
      apps.push(
        await buildApp({
          database,
          logger: false,
          seed: false,
          config: {
            dataDir,
            databaseUrl: undefined,
            jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
            paymentGateway: 'local',
            allowSelfPromotion: true,
            catalogCacheMs: CACHE_MS,
          },
        }),
      );
    }
    admin = await registerAdmin(apps[0]!);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await server?.unsafe(`drop database if exists ${name} with (force)`);
    await server?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const priceOn = async (app: ShopApp, id: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/product/${id}` });
    return response.json().product.price as number;
  };
  /** Milliseconds until `app` answers `price` for the product; fails after 10 s (well under the cache's 60 s). */
  const msUntilPrice = async (app: ShopApp, id: string, price: number) => {
    const started = Date.now();
    while ((await priceOn(app, id)) !== price) {
      if (Date.now() - started > 10_000) throw new Error(`the other instance still answers the old price`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  };
  const editPrice = async (id: string, price: number) => {
    const response = await apps[0]!.inject({
      method: 'PUT',
      url: `/api/v1/admin/product/${id}`,
      headers: admin.auth,
      payload: {
        name: 'Shared Camera',
        price,
        description: 'Edited on one instance',
        category: 'Camera',
        stock: 5,
      },
    });
    expect(response.statusCode).toBe(200);
  };

  it("an admin's edit on one instance clears the other's cached answer at once", async () => {
    const product = await addProduct(apps[0]!, { pricePaise: 50_000 });
    // The second instance caches the old answer for a minute.
    expect(await priceOn(apps[1]!, product.id)).toBe(500);
    expect(await priceOn(apps[1]!, product.id)).toBe(500);
    await editPrice(product.id, 650);
    const ms = await msUntilPrice(apps[1]!, product.id, 650);
    console.info(`catalog edit visible on the other instance after ${ms} ms (cache TTL ${CACHE_MS} ms)`);
  });

  it("a change naming its products keeps the other instance's answer of another product", async () => {
    const kept = await addProduct(apps[0]!, { pricePaise: 40_000 });
    const edited = await addProduct(apps[0]!, { pricePaise: 45_000 });
    // The two additions' notices reach the other instance first.
    await new Promise((done) => setTimeout(done, 300));
    expect(await priceOn(apps[1]!, kept.id)).toBe(400);
    // Written behind the api's back: only a dropped answer can show it.
    await apps[0]!.shop.db.update(products).set({ pricePaise: 44_400 }).where(eq(products.id, kept.id));
    await editPrice(edited.id, 460);
    await msUntilPrice(apps[1]!, edited.id, 460);
    expect(await priceOn(apps[1]!, kept.id)).toBe(400);
    // A change that names nothing reaches the other instance as "anything".
    apps[0]!.shop.catalogCache.invalidate();
    await msUntilPrice(apps[1]!, kept.id, 444);
  });

  it("patches the other instance's list index with the product an edit names, without reading the catalog again", async () => {
    const edited = await addProduct(apps[0]!, { pricePaise: 31_100 });
    const untold = await addProduct(apps[0]!, { pricePaise: 32_200 });
    const index = apps[1]!.shop.catalogIndex!;
    await new Promise((done) => setTimeout(done, 300)); // the additions' notices arrive
    expect(await index.warm()).toBe(true);
    const listedAt = async (rupees: number) => {
      const response = await apps[1]!.inject({
        method: 'GET',
        url: `/api/v1/products?price[gte]=${rupees}&price[lte]=${rupees}`,
      });
      return response.json().products.map((product: { _id: string }) => product._id) as string[];
    };
    // Written behind the api's back: only a list from the database, or a whole new load, could show it.
    await apps[0]!.shop.db.update(products).set({ pricePaise: 32_300 }).where(eq(products.id, untold.id));
    await editPrice(edited.id, 312);
    // Well inside the quiet second a whole load would wait for: the index is back in memory, patched.
    await expect
      .poll(async () => (await index.holdsCatalog()) && (await listedAt(312)), { timeout: 800 })
      .toEqual([edited.id]);
    expect(await listedAt(322)).toEqual([untold.id]);
    expect(await listedAt(323)).toEqual([]);
  });

  it('moves the catalog revision both instances answer when one writes (page caches follow it)', async () => {
    const revisionOn = async (app: ShopApp) =>
      (await app.inject({ method: 'GET', url: '/api/v1/catalog/revision' })).json().revision as number;
    // A write moves the revision just after it answers: read it once it has stopped moving.
    const settledRevision = async () => {
      let last = -1;
      let now = await revisionOn(apps[1]!);
      while (now !== last) {
        await new Promise((done) => setTimeout(done, 100));
        [last, now] = [now, await revisionOn(apps[1]!)];
      }
      return now;
    };
    const product = await addProduct(apps[0]!, { pricePaise: 30_000 });
    const before = await settledRevision();
    expect(await revisionOn(apps[0]!)).toBe(before);
    await editPrice(product.id, 310);
    await expect.poll(() => revisionOn(apps[1]!)).toBeGreaterThan(before);
    const after = await settledRevision();
    expect(await revisionOn(apps[0]!)).toBe(after);
  });

  it('keeps following the other instance after its listening connection was cut', async () => {
    const product = await addProduct(apps[0]!, { pricePaise: 10_000 });
    expect(await priceOn(apps[1]!, product.id)).toBe(100);
    const cut = await server.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query ilike '%listen%${CATALOG_CHANNEL}%'`,
    );
    expect(cut.length).toBeGreaterThanOrEqual(2);
    // The driver reconnects and listens again; until it has, the TTL bounds what is missed.
    await expect
      .poll(
        async () =>
          (
            await server.unsafe(
              `select 1 from pg_stat_activity where datname = '${name}' and query ilike '%listen%${CATALOG_CHANNEL}%'`,
            )
          ).length,
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(2);
    await editPrice(product.id, 120);
    await msUntilPrice(apps[1]!, product.id, 120);
  });
});
