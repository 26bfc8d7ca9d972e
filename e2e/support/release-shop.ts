import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFolderStore, publicFolder, releaseFiles } from '@shop/release-tool';
import type { RuntimeConfig } from '@shop/shared-contract';
import { repoRoot } from '../../scripts/lib/apps.ts';
import { serveApp, type ServedApp } from '../../scripts/lib/serve-app.ts';
import { startOwnShell, type OwnShell } from './own-shop.ts';
import { e2ePorts } from './ports.ts';

const run = promisify(execFile);
const [shellPort, storefrontPort, checkPort] = e2ePorts.spare;

export interface ReleaseShop {
  storeDir: string;
  shell: OwnShell;
  /** `pnpm release …` against this shop's store, as a team would run it: its exit code and output. */
  release(...args: string[]): Promise<{ code: number; output: string }>;
  /** The id `pnpm release storefront --from <dir>` published. */
  publish(dir: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A shop whose storefront is served from a release store of its own (a folder, as `pnpm start` serves one)
 * at its own address, with its own page server following what is live there; the api and the admin remote
 * are the suite's. The release tool runs as a command against it, and its check's page server gets the
 * third spare port (an origin the suite's api accepts).
 */
export async function startReleaseShop(): Promise<ReleaseShop> {
  const storeDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-store-'));
  // An empty store to start with; the address serves what gets published.
  createFolderStore(storeDir);
  const dir = publicFolder(storeDir, 'storefront');
  const storefront: ServedApp = await serveApp({
    dir,
    files: releaseFiles(dir),
    port: storefrontPort!,
    cors: true,
  });
  const shell = await startOwnShell(shellPort!, storefrontPort!, { RELEASE_REPORT_EVERY_MS: '200' });
  const env = {
    ...process.env,
    RELEASE_STORE_DIR: storeDir,
    RELEASE_BY: 'QA',
    RELEASE_CHECK_PORT: String(checkPort),
    SHELL_PORT: String(shellPort),
    STOREFRONT_PORT: String(storefrontPort),
    ADMIN_PORT: String(e2ePorts.admin),
    API_PORT: String(e2ePorts.api),
  };
  const release = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [path.join(repoRoot, 'release-tool', 'src', 'cli.ts'), ...args],
        {
          cwd: repoRoot,
          env,
        },
      );
      return { code: 0, output: `${stdout}${stderr}` };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  };
  return {
    storeDir,
    shell,
    release,
    async publish(from) {
      const { code, output } = await release('storefront', '--from', from);
      // The same build published twice is the same release: its id either way.
      const id = /^storefront (\S+) (?:was )?published/m.exec(output)?.[1];
      if (code !== 0 || !id) throw new Error(`publishing ${from} failed: ${output}`);
      return id;
    },
    async close() {
      await shell.close();
      await storefront.close();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** The config.json a served page carries (the deploy step writes it into the page). */
export function pageConfig(html: string): RuntimeConfig {
  const json = /<script type="application\/json" id="shop-config">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no config');
  return JSON.parse(json) as RuntimeConfig;
}
