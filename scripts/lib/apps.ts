import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const frontendApps = ['shell', 'storefront', 'admin'] as const;
export type FrontendApp = (typeof frontendApps)[number];

export interface ShopPorts {
  shell: number;
  storefront: number;
  admin: number;
  api: number;
}

/** Ports of the assembled shop; SHELL_PORT, STOREFRONT_PORT, ADMIN_PORT and API_PORT override them. */
export function shopPorts(env: NodeJS.ProcessEnv = process.env): ShopPorts {
  const port = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number`);
    return value;
  };
  return {
    shell: port('SHELL_PORT', 4000),
    storefront: port('STOREFRONT_PORT', 4001),
    admin: port('ADMIN_PORT', 4002),
    api: port('API_PORT', 3000),
  };
}

export function appDir(app: FrontendApp): string {
  return path.join(repoRoot, app);
}
