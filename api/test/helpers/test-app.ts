import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions, type ShopApp } from '../../src/app.ts';
import type { ApiConfig } from '../../src/config/api-config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { freshDatabase } from './fresh-database.ts';
import { registerAdmin, type SignedIn } from './shop.ts';

export { freshDatabase };

export interface TestApp {
  app: ShopApp;
  /** The throwaway PostgreSQL database's url; undefined on PGlite. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Every log line the app wrote (JSON objects). */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export type TestAppOptions = {
  config?: Partial<ApiConfig>;
  seed?: boolean;
  /** A PostgreSQL server to make the throwaway database on, instead of DATABASE_URL (fault tests). */
  postgresUrl?: string;
  /** A read replica of that server: the throwaway database there is DATABASE_READ_URL. */
  readReplicaUrl?: string;
  /**
   * PGlite in a directory, in its own thread, as `pnpm start` keeps it (not in memory), even where
   * DATABASE_URL is set.
   */
  embeddedOnDisk?: boolean;
} & Pick<BuildAppOptions, 'stripeConnection' | 'razorpayConnection' | 'tracing'>;

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-test-'));
  const { database, drop, url } = options.embeddedOnDisk
    ? { database: await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }), drop: async () => {} }
    : await freshDatabase(options.postgresUrl);
  const readUrl = options.readReplicaUrl && url ? new URL(options.readReplicaUrl) : undefined;
  if (readUrl) readUrl.pathname = new URL(url!).pathname;
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
    ...(options.tracing ? { tracing: options.tracing } : {}),
    ...(options.razorpayConnection ? { razorpayConnection: options.razorpayConnection } : {}),
    config: {
      dataDir,
      databaseUrl: undefined,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      allowSelfPromotion: true,
      seedDemo: false,
      authRateLimit: 10_000,
      paymentRateLimit: 10_000,
      releaseReportRateLimit: 10_000,
      rumRateLimit: 10_000,
      catalogCacheMs: 2000,
      corsOrigins: ['http://localhost:4000'],
      clerkAuthorizedParties: ['http://localhost:4000'],
      shopUrl: 'http://localhost:4000',
      stripeSecretKey: undefined,
      paymentGateway: options.config?.stripeSecretKey ? 'stripe' : 'local',
      production: false,
      clerkJwtKey: undefined,
      clerkSecretKey: undefined,
      publicApiUrl: undefined,
      ...(readUrl ? { databaseUrl: url, databaseReadUrl: readUrl.toString() } : {}),
      ...options.config,
    },
  });
  await app.ready();
  return {
    app,
    databaseUrl: url,
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The app of one test file, read inside tests (it starts in beforeAll and closes in afterAll). */
export interface UsedTestApp {
  readonly app: ShopApp;
  readonly logs: Record<string, unknown>[];
  readonly dataDir: string;
  /** The throwaway PostgreSQL database's url; undefined on PGlite. */
  readonly databaseUrl: string | undefined;
  /** An admin registered at start (with `{ admin: true }`). */
  readonly admin: SignedIn;
  /** One call to /api/v1, as `as` when given (its bearer token). */
  request(
    method: Method,
    path: string,
    options?: { as?: SignedIn; payload?: InjectOptions['payload']; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/**
 * The preamble of an api test file: `const t = useTestApp({ admin: true })` starts an app on a fresh
 * database before the file's tests and closes it after them. Options may be computed at start.
 */
export function useTestApp(
  options:
    (TestAppOptions & { admin?: boolean }) | (() => Promise<TestAppOptions & { admin?: boolean }>) = {},
): UsedTestApp {
  let started: TestApp | undefined;
  let admin: SignedIn | undefined;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    started = await startTestApp(resolved);
    if (resolved.admin) admin = await registerAdmin(started.app);
  });
  afterAll(async () => {
    await started?.close();
  });
  // A 500 in a test is only a status code; what the app logged at error level while that test ran says why
  // (a failure on CI that does not come back on a rerun is read from this).
  beforeEach(() => {
    const from = started?.logs.length ?? 0;
    onTestFailed(() => {
      const errors = started?.logs.slice(from).filter((line) => Number(line.level) >= 50) ?? [];
      for (const line of errors) console.error('the app logged while this test ran:', JSON.stringify(line));
    });
  });
  const running = () => {
    if (!started) throw new Error('useTestApp: the app is only there inside tests');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get logs() {
      return running().logs;
    },
    get dataDir() {
      return running().dataDir;
    },
    get databaseUrl() {
      return running().databaseUrl;
    },
    get admin() {
      if (!admin) throw new Error('useTestApp: pass { admin: true } to have an admin');
      return admin;
    },
    request(method, path, { as, payload, headers = {} } = {}) {
      return running().app.inject({
        method,
        url: `/api/v1${path}`,
        headers: { ...(as ? as.auth : {}), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    },
  };
}
