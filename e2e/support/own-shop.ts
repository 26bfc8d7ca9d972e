import path from 'node:path';
import { appDir } from '../../scripts/lib/apps.ts';
import { serveApp, type ServedApp } from '../../scripts/lib/serve-app.ts';
import { documentFor, shellDocuments } from '../../scripts/lib/shell-document.ts';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { e2ePorts } from './ports.ts';

export interface OwnShell extends ServedApp {
  /** The shell's deploy step again (config.json and the page's preloads), as a remote release runs it. */
  redeploy(): Promise<void>;
}

/**
 * A second shell, built once and untouched, whose storefront remote the test controls: it can be down,
 * come back, or be replaced by a new release, exactly as an independent deploy would do it.
 */
export async function startOwnShell(shellPort: number, storefrontPort: number): Promise<OwnShell> {
  const ports = { shell: shellPort, storefront: storefrontPort, admin: e2ePorts.admin, api: e2ePorts.api };
  const config = shellConfig(ports, {});
  const dir = path.join(appDir('shell'), 'dist');
  let documents = await shellDocuments(dir, config, { timeoutMs: 1000 });
  const served = await serveApp({
    dir,
    port: shellPort,
    spa: true,
    generated: { '/config.json': config },
    document: (pathname, search) => documentFor(documents, pathname, search),
  });
  return {
    ...served,
    async redeploy() {
      documents = await shellDocuments(dir, config);
    },
  };
}

export function serveStorefront(
  port: number,
  dir = path.join(appDir('storefront'), 'dist'),
): Promise<ServedApp> {
  return serveApp({ dir, port, cors: true });
}
