import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The entry other parts start: `node api/src/server.ts` creates, migrates and seeds PGlite under DATA_DIR,
// prints the URL and demo accounts, and keeps sessions across a restart (persisted JWT secret).
const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function spawnServer(port: number, extraEnv: NodeJS.ProcessEnv = {}, dir = dataDir) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  // The demo's own defaults, whatever the shell running the tests has set (a shared database, Redis, a bucket).
  for (const name of [
    'DATABASE_URL',
    'JWT_SECRET',
    'NODE_ENV',
    'STRIPE_SECRET_KEY',
    'ALLOW_SELF_PROMOTION',
    'REDIS_URL',
    'S3_BUCKET',
    'PUBLIC_API_URL',
    'SHOP_URL',
    'METRICS_TOKEN',
    'METRICS_PORT',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
  ])
    delete env[name];
  const child = spawn(process.execPath, [entry], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function start(port: number, extraEnv: NodeJS.ProcessEnv = {}, ready = 'Demo accounts', dir = dataDir) {
  const server = spawnServer(port, extraEnv, dir);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !server.output().includes(ready)) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}
const stop = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

describe('node api/src/server.ts', () => {
  it('starts seeded on PGlite, prints the demo accounts, and keeps sessions and data across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const first = await start(port);
    let token: string;
    try {
      expect(first.output()).toContain(`http://localhost:${port}/api/v1`);
      expect(first.output()).toContain('admin@example.com / Admin12345 (admin)');
      expect(first.output()).toContain('shopper@example.com / Shopper12345 (user)');
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:4000' },
        body: JSON.stringify({ email: 'shopper@example.com', password: 'Shopper12345' }),
      });
      expect(login.status).toBe(200);
      expect(login.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
      token = ((await login.json()) as { accessToken: string }).accessToken;
    } finally {
      await stop(first.child);
    }

    const second = await start(port);
    try {
      const me = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      const list = (await (await fetch(`${base}/products`)).json()) as { productsCount: number };
      expect(list.productsCount).toBe(28);
    } finally {
      await stop(second.child);
    }
  });
});

describe('NODE_ENV=production', () => {
  it('refuses to start on the demo defaults, one line per setting to fix', async () => {
    const server = spawnServer(await freePort(), { NODE_ENV: 'production' });
    const code = await new Promise((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^Refusing to start: STRIPE_SECRET_KEY is not set/),
      expect.stringMatching(/^Refusing to start: DATABASE_URL is not set/),
      expect.stringMatching(/^Refusing to start: PUBLIC_API_URL is not an https address/),
      expect.stringMatching(/^Refusing to start: SHOP_URL is not an https address/),
      expect.stringMatching(/^Refusing to start: JWT_SECRET is not set/),
      expect.stringMatching(/^Refusing to start: GST_SELLER_GSTIN is not set/),
    ]);
  });

  it('starts with Stripe and a strong secret: no demo accounts, no self-promotion', async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-api-production-'));
    const base = `http://127.0.0.1:${port}/api/v1`;
    const env = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      JWT_SECRET: 'p'.repeat(40),
      ALLOW_EMBEDDED_DATABASE: 'true',
      PUBLIC_API_URL: 'https://api.shop.example',
      SHOP_URL: 'https://shop.example',
      GST_SELLER_GSTIN: '27AAACR5055K1Z5',
    };
    const server = await start(port, env, 'Shop API listening', dir);
    try {
      expect(server.output()).toContain('Payments: Stripe');
      expect(server.output()).not.toContain('Demo accounts');
      const demoLogin = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
      });
      expect(demoLogin.status).toBe(401);
      const registered = await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Eve', email: 'eve@example.com', password: 'Password123' }),
      });
      const { accessToken } = (await registered.json()) as { accessToken: string };
      const promote = await fetch(`${base}/promote-to-admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ role: 'admin' }),
      });
      expect(promote.status).toBe(403);
      const confirm = await fetch(`${base}/payment/confirm`, { method: 'POST' });
      expect(confirm.status).toBe(404);
    } finally {
      await stop(server.child);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
