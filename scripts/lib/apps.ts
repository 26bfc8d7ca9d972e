import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { APP_NAMES, type AppName } from '@shop/shared-contract';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const frontendApps = APP_NAMES;
export type FrontendApp = AppName;

export function appDir(app: FrontendApp): string {
  return path.join(repoRoot, app);
}
