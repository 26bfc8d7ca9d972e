import { keysOfImage } from '../src/storage/image-store.ts';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  BackupRefused,
  createBackup,
  restoreBackup,
  verifyBackup,
  type Manifest,
} from '../src/backup/backup.ts';
import { folderFiles } from '../src/backup/files.ts';
import { openDatabase } from '../src/db/client.ts';
import { orders, products } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  addProduct,
  newOrderRequest,
  pay,
  register,
  tinyPng,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'backup', 'cli.ts');
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
const INITIAL_STOCK = 1000;
const PRICE = 10_000;

let shop: TestApp;
let buyers: SignedIn[];
let productIds: string[];
let imageKeys: string[];

beforeAll(async () => {
  shop = await startTestApp();
  imageKeys = [];
  productIds = [];
  for (let index = 0; index < 3; index++) {
    // Through the api's own image store: the file lands where the api serves it from.
    const saved = await shop.app.shop.images.save(tinyPng(), 'products');
    imageKeys.push(saved.key);
    productIds.push(
      (await addProduct(shop.app, { stock: INITIAL_STOCK, pricePaise: PRICE, images: [{ url: saved.url }] }))
        .id,
    );
  }
  buyers = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      register(shop.app, { name: `Buyer ${index}`, email: `buyer${index}.${Date.now()}@example.com` }),
    ),
  );
});
afterAll(async () => {
  await shop.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** One paid order of `quantity` of a product; answers its id and when the api confirmed it. */
async function placeOrder(buyer: SignedIn, productId: string, quantity: number) {
  const { intentId } = await pay(shop.app, buyer, totalPaiseOf([{ pricePaise: PRICE, quantity }]));
  const response = await shop.app.inject(
    newOrderRequest(buyer, [{ product: productId, quantity }], intentId),
  );
  expect(response.statusCode).toBe(201);
  return { id: response.json().order._id as string, confirmedAt: performance.now() };
}

describe('backup and restore', () => {
  let manifest: Manifest;
  let confirmedBefore: string[];
  const backupDir = path.join(scratch, 'backup-1');
  const restoredDir = path.join(scratch, 'restored');

  it('backs up while orders are being placed', async () => {
    const before = [];
    for (let index = 0; index < 12; index++)
      before.push(await placeOrder(buyers[index % 4]!, productIds[index % 3]!, 1 + (index % 2)));
    // Buyers keep ordering while the backup runs: some orders land before its snapshot, some after.
    let placing = true;
    const during: Promise<unknown>[] = buyers.map(async (buyer, index) => {
      let count = 0;
      while (placing || count < 3) {
        await placeOrder(buyer, productIds[(index + count) % 3]!, 1);
        count++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const backupStarted = performance.now();
    manifest = await createBackup({
      database: shop.app.shop.database,
      images: folderFiles(path.join(shop.dataDir, 'uploads')),
      target: folderFiles(backupDir),
    });
    placing = false;
    await Promise.all(during);
    confirmedBefore = before.filter((order) => order.confirmedAt < backupStarted).map((order) => order.id);
    expect(confirmedBefore).toHaveLength(12);
    expect(manifest.images.map((image) => image.name).sort()).toEqual(
      // Each picture's resized copies too (issue 28): three files for each of these 4-pixel pictures.
      imageKeys.flatMap((key) => keysOfImage(key).map((file) => `images/${file}`)).sort(),
    );
    expect(existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);
  });

  it('restores into a fresh data folder: every order confirmed before is there, stock adds up, images serve', async () => {
    const database = await openDatabase({ pgliteDir: path.join(restoredDir, 'pglite') });
    await restoreBackup({
      source: folderFiles(backupDir),
      database,
      images: folderFiles(path.join(restoredDir, 'uploads')),
    });
    await database.close();

    const app = await buildApp({
      seed: false,
      logger: false,
      config: {
        dataDir: restoredDir,
        databaseUrl: undefined,
        // The restored copy is embedded whatever DATABASE_URL says, so its gateway is the embedded one's.
        paymentGateway: 'local',
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
        seedDemo: false,
        production: false,
      },
    });
    try {
      const restoredOrders = await app.shop.db.select().from(orders);
      const restoredIds = new Set(restoredOrders.map((order) => order.id));
      for (const id of confirmedBefore) expect(restoredIds.has(id)).toBe(true);
      // Exactly the snapshot: as many orders as the manifest counted, fewer than were placed in the end.
      expect(restoredOrders.length).toBe(
        manifest.database.tables.find((table) => table.table === 'orders')!.rows,
      );
      const placedInTheEnd = await shop.app.shop.db.select({ id: orders.id }).from(orders);
      expect(restoredOrders.length).toBeLessThanOrEqual(placedInTheEnd.length);

      // Stock adds up: what is left plus what the restored orders took is what there was.
      const restoredProducts = await app.shop.db
        .select()
        .from(products)
        .where(inArray(products.id, productIds));
      for (const product of restoredProducts) {
        const taken = restoredOrders
          .flatMap((order) => order.orderItems)
          .filter((item) => item.product === product.id)
          .reduce((sum, item) => sum + item.quantity, 0);
        expect(product.stock + taken).toBe(INITIAL_STOCK);
      }

      for (const key of imageKeys) {
        const response = await app.inject({ method: 'GET', url: `/uploads/${key}` });
        expect(response.statusCode).toBe(200);
        expect(
          Buffer.compare(response.rawPayload, readFileSync(path.join(shop.dataDir, 'uploads', key))),
        ).toBe(0);
      }
      const [one] = await app.shop.db.select().from(products).where(eq(products.id, productIds[0]!));
      expect(one!.images[0]!.url).toBe(`/uploads/${imageKeys[0]}`);
    } finally {
      await app.close();
    }
  });

  it('refuses a corrupt backup, a partial one, and a target that is not empty, saying why', async () => {
    const corrupt = path.join(scratch, 'corrupt');
    await run('cp', ['-r', backupDir, corrupt]);
    const ordersFile = path.join(corrupt, 'database', 'orders.jsonl.gz');
    const bytes = readFileSync(ordersFile);
    bytes[bytes.length - 10]! ^= 0xff;
    writeFileSync(ordersFile, bytes);
    await expect(verifyBackup(folderFiles(corrupt))).rejects.toThrow(
      /database\/orders\.jsonl\.gz does not match its checksum \(corrupt\)/,
    );

    const partial = path.join(scratch, 'partial');
    await run('cp', ['-r', backupDir, partial]);
    unlinkSync(path.join(partial, 'manifest.json'));
    await expect(verifyBackup(folderFiles(partial))).rejects.toThrow(
      /partial backup: it has no manifest\.json/,
    );

    const missingImage = path.join(scratch, 'missing-image');
    await run('cp', ['-r', backupDir, missingImage]);
    unlinkSync(path.join(missingImage, 'images', imageKeys[1]!));
    await expect(verifyBackup(folderFiles(missingImage))).rejects.toThrow(/is missing \(partial backup\)/);

    // Into the database that is still serving: refused, nothing written.
    await expect(
      restoreBackup({
        source: folderFiles(backupDir),
        database: shop.app.shop.database,
        images: folderFiles(path.join(scratch, 'unused')),
      }),
    ).rejects.toThrow(BackupRefused);
  });

  it('pnpm backup and pnpm restore, on a stopped embedded database, and refuse while it is open', async () => {
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: restoredDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    };
    const backedUp = await run(process.execPath, [cli, 'backup', '--to', path.join(scratch, 'cli')], { env });
    expect(backedUp.stdout).toMatch(/Backed up the embedded database .* 9 images/);
    const [name] = (await run('ls', [path.join(scratch, 'cli')])).stdout.trim().split('\n');
    const again = path.join(scratch, 'again');
    const restored = await run(process.execPath, [cli, 'restore', path.join(scratch, 'cli', name!)], {
      env: { ...env, DATA_DIR: again },
    });
    expect(restored.stdout).toMatch(/Restored .* 9 images/);

    // Into a folder that has a database already: refused before anything is touched.
    const refused = await run(process.execPath, [cli, 'restore', path.join(scratch, 'cli', name!)], {
      env: { ...env, DATA_DIR: again },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Restore refused: .*exists: restore into a fresh data folder/),
    });

    writeFileSync(path.join(again, 'pglite', 'postmaster.pid'), '-42\n');
    const open = await run(process.execPath, [cli, 'backup', '--to', path.join(scratch, 'cli')], {
      env: { ...env, DATA_DIR: again },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(open).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Backup refused: .* is open \(an api is running on it/),
    });
  });
});
