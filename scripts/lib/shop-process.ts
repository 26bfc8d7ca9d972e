import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ShopPorts } from '@shop/shared-contract';
import { repoRoot } from './apps.ts';

/** Runs `scripts/start.ts` on the given ports with a fresh embedded database, for benchmarks. */
export async function startShop(ports: ShopPorts, env: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.ts')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SHELL_PORT: String(ports.shell),
      STOREFRONT_PORT: String(ports.storefront),
      ADMIN_PORT: String(ports.admin),
      API_PORT: String(ports.api),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const shellUrl = `http://localhost:${ports.shell}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the shop did not start within 240 s');
    const ok = await fetch(`${shellUrl}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 300));
  }
  return {
    shellUrl,
    async stop() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
