import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/db/client.ts';

/**
 * A fresh database per test file or bench run: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a throwaway database created on that PostgreSQL server and dropped afterwards. Its own file, without
 * vitest, so the benches (plain node) use it too.
 */
export async function freshDatabase(
  serverUrl = process.env.DATABASE_URL,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: 'memory' });
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
