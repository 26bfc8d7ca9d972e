import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig, StorefrontServerEntry } from '@shop/shared-contract';
import { lendShares } from './server-shares.ts';

/** A remote's shared package as its manifest lists it (the version-skew rule's input). */
export interface ReleaseShare {
  name: string;
  version: string;
  requiredVersion?: string | false;
}

/** What the shell's server build exports (shell/src/server/entry.tsx). */
export interface ShellServer {
  shares: Record<string, object>;
  /** The shell's pages behind sign-in (and its sign-in pages): robots.txt keeps crawlers out of them. */
  privatePaths: readonly string[];
  shareVersions: Record<string, string>;
  routeOwnerOf(pathname: string): 'shell' | 'admin' | 'storefront';
  findVersionSkew(
    remote: string,
    shares: readonly ReleaseShare[],
    provided: Readonly<Record<string, string>>,
  ): { pkg: string; builtWith: string; requires: string; provided: string } | undefined;
  configureApi(config: { baseUrl: string }): void;
  createServerQueryClient(): unknown;
  pageDataOf(queryClient: unknown): string;
  renderRoot(request: {
    url: URL;
    config: RuntimeConfig;
    storefront: StorefrontServerEntry['default'] | null;
    queryClient: unknown;
    signal?: AbortSignal;
  }): Promise<{ markup: string; styles: string }>;
}

export const SHELL_SERVER_FILE = path.join('server', 'shell-server.mjs');

/**
 * The shell's server build from its release folder, its shared packages lent to remotes' server entries
 * and its api client pointed at the address this server reaches the api by. Null when the release has no
 * server build (an older shell): every page is then served prerendered, as before.
 */
export async function loadShellServer(shellDir: string, apiBaseUrl: string): Promise<ShellServer | null> {
  const file = path.join(shellDir, SHELL_SERVER_FILE);
  if (!existsSync(file)) return null;
  const shell = (await import(pathToFileURL(file).href)) as ShellServer;
  lendShares(shell.shares);
  shell.configureApi({ baseUrl: apiBaseUrl });
  return shell;
}
