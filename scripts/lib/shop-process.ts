import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuntimeConfig, ShopPorts } from '@shop/shared-contract';
import { repoRoot } from './apps.ts';

/**
 * Runs the assembled shop on the given ports with a fresh embedded database: `scripts/start.ts` (the
 * built apps, for benchmarks) or `scripts/dev.ts` (the dev servers, for their test), in a process group of
 * its own so `stop()` ends every part. Ready once the shell, both remotes and the api answer.
 */
export async function startShop(
  ports: ShopPorts,
  env: NodeJS.ProcessEnv = {},
  { script = 'start' }: { script?: 'start' | 'dev' } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-${script}-`));
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', `${script}.ts`)], {
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
      // No visit is sampled for real-user figures: a sampled one downloads the reporter (3.8 KB) after the
      // page, and the benches' weights and Lighthouse runs would then differ by it from run to run.
      REAL_USER_SAMPLE_RATE: '0',
      ...env,
    },
  });
  const shellUrl = `http://localhost:${ports.shell}`;
  const deadline = Date.now() + 240_000;
  const answers = async (url: string) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`the shop did not start within 240 s (${url})`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((done) => setTimeout(done, 300));
    }
  };
  const stop = async () => {
    if (child.pid) {
      const exited = child.exitCode === null ? new Promise((done) => child.once('exit', done)) : undefined;
      try {
        // The whole group: the script's own children (api, page server, dev servers) outlive it otherwise.
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group has already ended.
      }
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The dev shell answers before its remotes and the api do; config.json says where they are (a
    // release's manifest under `pnpm start`, the dev server's own in dev).
    await answers(`${shellUrl}/config.json`);
    const config = (await (await fetch(`${shellUrl}/config.json`)).json()) as RuntimeConfig;
    for (const url of [...Object.values(config.remotes), `${config.apiBaseUrl}/health`]) await answers(url);
  } catch (error) {
    // A shop that half started still holds its ports and data directory: the next run would find them taken.
    await stop();
    throw error;
  }
  return { shellUrl, stop };
}
