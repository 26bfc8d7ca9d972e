import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appDir, repoRoot } from '../../scripts/lib/apps.ts';
import { serveApp, type ServedApp } from '../../scripts/lib/serve-app.ts';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { e2ePorts } from './ports.ts';

/**
 * A shell with its own api and database, for flows that need what the api only writes to its log (the
 * password reset link). The test reads that log; the shared shop under test is not touched.
 */
export interface OwnIdentityShop {
  url: string;
  /** Resolves with the reset link the api logs for `email` (waits for it). */
  resetLinkFor(email: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const SHELL_PORT = e2ePorts.spare[0];
const API_PORT = e2ePorts.api + 10;

export async function startOwnIdentityShop(): Promise<OwnIdentityShop> {
  const shellOrigin = `http://localhost:${SHELL_PORT}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-identity-'));
  let log = '';
  const api: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'api', 'src', 'server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      API_PORT: String(API_PORT),
      DATA_DIR: dataDir,
      CORS_ORIGINS: shellOrigin,
      SHOP_URL: shellOrigin,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  api.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const stopApi = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((done) => api.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let shell: ServedApp | undefined;
  try {
    await waitForHealth(`http://localhost:${API_PORT}/api/v1/health`, () => log);
    shell = await serveApp({
      dir: path.join(appDir('shell'), 'dist'),
      port: SHELL_PORT,
      spa: true,
      generated: {
        '/config.json': shellConfig(
          { shell: SHELL_PORT, storefront: e2ePorts.storefront, admin: e2ePorts.admin, api: API_PORT },
          {},
        ),
      },
    });
  } catch (error) {
    await stopApi();
    throw error;
  }

  return {
    url: shellOrigin,
    async resetLinkFor(email, timeoutMs = 10_000) {
      const pattern = new RegExp(
        `Password reset link for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\S+?)["\\s]`,
      );
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = pattern.exec(log);
        if (match?.[1]) return match[1];
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error(`no reset link for ${email} in the api log`);
    },
    async close() {
      await shell?.close();
      await stopApi();
    },
  };
}

async function waitForHealth(url: string, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`own api did not start:\n${log().slice(-2000)}`);
}
