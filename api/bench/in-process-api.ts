import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type ShopApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { freshDatabase } from '../test/helpers/fresh-database.ts';

export interface InProcessApi {
  app: ShopApp;
  database: Database;
  /** The run's own folder (uploads, files the bench writes). */
  dataDir: string;
  /** Closes the api and its database, drops a server database and removes the folder. */
  close: () => Promise<void>;
}

/**
 * The api built in this process on a fresh, unseeded database, for the benches that time admin routes
 * (bench:activity, bench:csv): the local test gateway and a secret of this run, as they take no payment.
 * `label` names the run's folder.
 */
export async function startInProcessApi(label: string): Promise<InProcessApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-bench-${label}-`));
  mkdirSync(path.join(dataDir, 'uploads'));
  const { database, drop } = await freshDatabase();
  const app = await buildApp({
    database,
    config: {
      ...loadConfig({
        JWT_SECRET: randomBytes(32).toString('hex'),
        PAYMENT_GATEWAY: 'local',
        ...process.env,
        DATA_DIR: dataDir,
      }),
      dataDir,
      seedDemo: false,
    },
    logger: { level: 'warn' },
    seed: false,
  });
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new account made admin: its id, and its bearer header for the admin routes. */
export async function benchAdmin(app: ShopApp): Promise<{ userId: string; auth: { authorization: string } }> {
  const register = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Bench Admin', email: 'bench.admin@example.com', password: 'Password123' },
  });
  const { accessToken, user } = register.json() as { accessToken: string; user: { _id: string } };
  await app.shop.db.update(users).set({ role: 'admin' }).where(eq(users.id, user._id));
  return { userId: user._id, auth: { authorization: `Bearer ${accessToken}` } };
}
