import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/db/client.ts';

/** Where the run's migrated PGlite database is (a file of `dumpDataDir`), set by pglite-template.ts. */
export const PGLITE_TEMPLATE = 'SHOP_TEST_PGLITE_TEMPLATE';

/**
 * A fresh database per test file or bench run: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a throwaway database created on that PostgreSQL server and dropped afterwards. Its own file, without
 * vitest, so the benches (plain node) use it too. Under vitest an in-memory one starts from the migrated
 * database the run made once (pglite-template.ts).
 */
export async function freshDatabase(
  serverUrl = process.env.DATABASE_URL,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (!serverUrl) {
    const template = process.env[PGLITE_TEMPLATE];
    const database = await openDatabase({
      pgliteDir: 'memory',
      ...(template ? { pgliteDump: new Blob([readFileSync(template)]) } : {}),
    });
    return { database, drop: async () => {} };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
