import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { freePort } from './helpers/free-port.ts';
import { startFakeS3 } from './helpers/fake-s3.ts';
import { redisMissing, startRedis } from './helpers/redis-server.ts';
import { pngDataUrl, tinyPng, uniqueEmail } from './helpers/shop.ts';

// Two real api processes (`node api/src/server.ts`) on one PostgreSQL, as behind a load balancer: what
// one instance counted, stored, signed or changed, the other sees. Only with DATABASE_URL (CI runs the
// api suite on PostgreSQL); the embedded PGlite is one instance by design.
const serverUrl = process.env.DATABASE_URL;
const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server.ts');
const AUTH_RATE_LIMIT = 5;
const CATALOG_CACHE_MS = 10_000;

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-instance-'));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, API_PORT: String(port), API_HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', () => {
      if (output.includes('Shop API listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`instance exited ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

const stopInstance = (instance: Instance | undefined) =>
  new Promise<void>((resolve) => {
    if (!instance || instance.child.exitCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
  });

// Rate limits are counted in PostgreSQL by default, in Redis with REDIS_URL: both are run.
// Without the binary (local machines only: CI installs it) the Redis run is left out, saying why.
if (serverUrl && redisMissing) console.warn(`two-instances test: ${redisMissing}`);
describe
  .skipIf(!serverUrl)
  .each([
    { limits: 'PostgreSQL', redis: false },
    ...(redisMissing ? [] : [{ limits: 'Redis', redis: true }]),
  ])('two api instances on one PostgreSQL, rate limits in $limits', ({ redis: withRedis }) => {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  let server: postgres.Sql;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    server = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${name}`;
    s3 = await startFakeS3();
    if (withRedis) redis = await startRedis();
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: randomBytes(48).toString('base64'),
      ...s3.env,
      PAYMENT_GATEWAY: 'local',
      ALLOW_SELF_PROMOTION: 'true',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      CATALOG_CACHE_MS: String(CATALOG_CACHE_MS),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      REDIS_URL: redis?.url ?? '',
    };
    // Started together on an empty database: they migrate one after the other.
    [a, b] = await Promise.all([startInstance(shared), startInstance(shared)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await s3?.close();
    await redis?.stop();
    await server?.unsafe(`drop database if exists ${name} with (force)`);
    await server?.end();
  });

  const call = (
    instance: Instance,
    method: string,
    url: string,
    init: { token?: string; cookie?: string; body?: unknown } = {},
  ) =>
    fetch(`${instance.url}/api/v1${url}`, {
      method,
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const refreshCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('shop_refresh='));
  const register = async (instance: Instance, email = uniqueEmail()) => {
    const response = await call(instance, 'POST', '/auth/register', {
      body: { name: 'Two Instances', email, password: 'Password123' },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { accessToken: string };
    return { email, token: body.accessToken, cookie: refreshCookieOf(response)! };
  };

  it('keeps a session valid on both: the access token, and the refresh cookie rotated on the other', async () => {
    const user = await register(a);
    const me = await call(b, 'GET', '/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(user.email);

    const refreshed = await call(b, 'POST', '/auth/refresh', { cookie: user.cookie });
    expect(refreshed.status).toBe(200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    expect(refreshCookieOf(refreshed)).toBeDefined();
    expect((await call(a, 'GET', '/me', { token: accessToken })).status).toBe(200);

    const loggedOut = await call(a, 'POST', '/auth/logout', {
      token: accessToken,
      cookie: refreshCookieOf(refreshed),
    });
    expect(loggedOut.status).toBe(200);
    expect((await call(b, 'GET', '/me', { token: accessToken })).status).toBe(401);
  });

  it('counts the login limit across both instances', async () => {
    const user = await register(b);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_RATE_LIMIT; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await call(instance, 'POST', '/auth/login', {
        body: { email: user.email, password: 'Password123' },
      });
      statuses.push(response.status);
    }
    // Each instance alone saw at most three; together they saw six, one over the limit.
    expect(statuses).toEqual([...Array<number>(AUTH_RATE_LIMIT).fill(200), 429]);
  });

  it("serves an image uploaded through one from the other, and shows an admin's edit there within the bound", async () => {
    const admin = await register(a);
    expect(
      (await call(a, 'POST', '/promote-to-admin', { token: admin.token, body: { role: 'admin' } })).status,
    ).toBe(200);
    const created = await call(a, 'POST', '/admin/product/new', {
      token: admin.token,
      body: {
        name: 'Shared Camera',
        price: 500,
        description: 'Uploaded through one instance',
        category: 'Camera',
        stock: 5,
        images: [pngDataUrl()],
      },
    });
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: { _id: string; images: { url: string }[] } };

    const image = await fetch(b.url + new URL(product.images[0]!.url).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(tinyPng());

    const priceOnB = async () =>
      ((await (await call(b, 'GET', `/product/${product._id}`)).json()) as { product: { price: number } })
        .product.price;
    expect(await priceOnB()).toBe(500); // now cached on B for CATALOG_CACHE_MS
    const edited = await call(a, 'PUT', `/admin/product/${product._id}`, {
      token: admin.token,
      body: { name: 'Shared Camera', price: 650, description: 'Edited on A', category: 'Camera', stock: 5 },
    });
    expect(edited.status).toBe(200);
    const started = Date.now();
    while ((await priceOnB()) !== 650) {
      expect(Date.now() - started, 'the edit reached B within CATALOG_CACHE_MS').toBeLessThan(
        CATALOG_CACHE_MS,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    console.info(
      `admin edit on A visible on B after ${Date.now() - started} ms (stated bound: CATALOG_CACHE_MS=${CATALOG_CACHE_MS})`,
    );
  });
});
