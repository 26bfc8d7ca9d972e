import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type ShopApp } from '../src/app.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { freshDatabase } from '../test/helpers/fresh-database.ts';

export interface InProcessApi {
  app: ShopApp;
  database: Database;
  /** The run's own folder (uploads, files the bench writes). */
  dataDir: string;
  /**
   * The api and its database closed and opened again on the same data and secret, as after a restart:
   * a bench measures memory from there, not from a process whose database grew while it was seeded.
   */
  restart: () => Promise<InProcessApi>;
  /** Closes the api and its database, drops a server database and removes the folder. */
  close: () => Promise<void>;
}

/**
 * The api built in this process on a fresh, unseeded database, for the benches that time admin routes
 * (bench:activity, bench:csv): the local test gateway and a secret of this run, as they take no payment.
 * `label` names the run's folder. Without DATABASE_URL the database is PGlite in memory, or with
 * `pgliteOnDisk` in the run's folder as `pnpm start` keeps it: a bench of the process's memory must not
 * count the database's own files as the api's.
 */
export async function startInProcessApi(
  label: string,
  options: { pgliteOnDisk?: boolean } = {},
): Promise<InProcessApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-bench-${label}-`));
  mkdirSync(path.join(dataDir, 'uploads'));
  const onDisk = options.pgliteOnDisk && !process.env.DATABASE_URL;
  const pgliteDir = path.join(dataDir, 'pglite');
  const { database, drop, url } = onDisk
    ? { database: await openDatabase({ pgliteDir }), drop: async () => {}, url: undefined }
    : await freshDatabase();
  const config = {
    ...loadConfig({
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_GATEWAY: 'local',
      ...process.env,
      DATA_DIR: dataDir,
    }),
    dataDir,
    seedDemo: false,
  };
  const open = async (database: Database): Promise<InProcessApi> => {
    const app = await buildApp({ database, config, logger: { level: 'warn' }, seed: false });
    return {
      app,
      database,
      dataDir,
      restart: async () => {
        await app.close();
        await database.close();
        // An in-memory PGlite would be lost with its process: only a database kept elsewhere reopens.
        if (!onDisk && !url) throw new Error('restart needs PGlite on disk or DATABASE_URL');
        return open(await openDatabase(onDisk ? { pgliteDir } : { databaseUrl: url }));
      },
      close: async () => {
        await app.close();
        await database.close();
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
  return open(database);
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
