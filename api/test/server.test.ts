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

async function start(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !output.includes('Demo accounts')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
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
