import { spawn } from 'node:child_process';
import path from 'node:path';
import { appDir, repoRoot } from '../../scripts/lib/apps.ts';
import { serveApp, type ServedApp } from '../../scripts/lib/serve-app.ts';
import { e2ePorts } from './ports.ts';

export interface OwnShell extends ServedApp {
  /** Every line the page server has logged so far. */
  readonly logs: string[];
}

/**
 * A second shell, built once and untouched, served by its own page server (page-server/) in its own process,
 * as production runs it, whose storefront remote the test controls: it can be down, come back, or be
 * replaced by a new release, exactly as an independent deploy would do it. The page server asks for the
 * storefront's release on every request here (RELEASE_CHECK_MS=0), so a test never waits for a poll.
 */
export async function startOwnShell(
  shellPort: number,
  storefrontPort: number,
  env: Record<string, string> = {},
): Promise<OwnShell> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'page-server', 'src', 'main.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SHELL_PORT: String(shellPort),
      STOREFRONT_PORT: String(storefrontPort),
      ADMIN_PORT: String(e2ePorts.admin),
      API_PORT: String(e2ePorts.api),
      RELEASE_CHECK_MS: '0',
      ...env,
    },
  });
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  const url = `http://localhost:${shellPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the page server exited: ${logs.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`the page server did not start: ${logs.join('\n')}`);
    if (
      await fetch(`${url}/config.json`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    logs,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function serveStorefront(
  port: number,
  dir = path.join(appDir('storefront'), 'dist'),
): Promise<ServedApp> {
  return serveApp({ dir, port, cors: true });
}
