import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import postgres from 'postgres';
import { buildApp, type BuildAppOptions, type ShopApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { ApiConfig } from '../../src/config.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set, a throwaway
 * database created on that PostgreSQL server and dropped afterwards.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
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
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: ShopApp;
  dataDir: string;
  /** Every log line the app wrote (JSON objects). */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startTestApp(
  options: { config?: Partial<ApiConfig>; seed?: boolean } & Pick<BuildAppOptions, 'stripeConnection'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-test-'));
  const { database, drop } = await freshDatabase();
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    database,
    logger: { level: 'info', stream },
    seed: options.seed ?? false,
    ...(options.stripeConnection ? { stripeConnection: options.stripeConnection } : {}),
    config: {
      dataDir,
      databaseUrl: undefined,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      allowSelfPromotion: true,
      seedDemo: false,
      authRateLimit: 10_000,
      catalogCacheMs: 2000,
      corsOrigins: ['http://localhost:4000'],
      shopUrl: 'http://localhost:4000',
      stripeSecretKey: undefined,
      clerkJwtKey: undefined,
      clerkSecretKey: undefined,
      publicApiUrl: undefined,
      ...options.config,
    },
  });
  await app.ready();
  return {
    app,
    dataDir,
    logs,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
