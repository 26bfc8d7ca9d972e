import path from 'node:path';
import { appDir } from '../../scripts/lib/apps.ts';
import { serveApp, type ServedApp } from '../../scripts/lib/serve-app.ts';
import { shellConfig } from '@shop/shared-contract';
import { e2ePorts } from './ports.ts';

/**
 * A second shell, built once and untouched, whose storefront remote the test controls: it can be down,
 * come back, or be replaced by a new release, exactly as an independent deploy would do it.
 */
export async function startOwnShell(shellPort: number, storefrontPort: number): Promise<ServedApp> {
  const ports = { shell: shellPort, storefront: storefrontPort, admin: e2ePorts.admin, api: e2ePorts.api };
  return serveApp({
    dir: path.join(appDir('shell'), 'dist'),
    port: shellPort,
    spa: true,
    generated: { '/config.json': shellConfig(ports, {}) },
  });
}

export function serveStorefront(
  port: number,
  dir = path.join(appDir('storefront'), 'dist'),
): Promise<ServedApp> {
  return serveApp({ dir, port, cors: true });
}
