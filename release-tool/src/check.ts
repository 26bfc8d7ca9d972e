import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_MANIFEST_FILE, type ServerManifest } from '@shop/shared-contract';
import type { CheckResult, ReleasedApp } from './registry.ts';
import { ADMIN_JOURNEYS, runJourneys, STOREFRONT_JOURNEYS } from './smoke-journeys.ts';

interface ShellServerBuild {
  shareVersions: Record<string, string>;
  findVersionSkew(
    remote: string,
    shares: readonly { name: string; version: string; requiredVersion?: string | false }[],
    provided: Readonly<Record<string, string>>,
  ): { pkg: string; builtWith: string; requires: string; provided: string } | undefined;
}

export interface CheckOptions {
  app: Exclude<ReleasedApp, 'shell'>;
  id: string;
  /** The release's mf-manifest.json, where browsers load it from. */
  manifestUrl: string;
  /** The current shell's build (its page and server build), which the release must work in. */
  shellDir: string;
  repoRoot: string;
  /** The environment the page server of the check runs with (the shop's ports, api, providers). */
  env: NodeJS.ProcessEnv;
  /** The port of the check's page server: an origin the api lets call it (CORS_ORIGINS). */
  port: number;
  log: (line: string) => void;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The shares the release's manifest says it was built against, checked by the shell's own rule. */
async function sharesAccepted(options: CheckOptions): Promise<string> {
  const manifest = await fetchJson<{ shared: { name: string; version: string; requiredVersion?: string }[] }>(
    options.manifestUrl,
  );
  const shellServer = path.join(options.shellDir, 'server', 'shell-server.mjs');
  if (!existsSync(shellServer)) throw new Error(`${shellServer} is missing: build the shell first`);
  const shell = (await import(pathToFileURL(shellServer).href)) as ShellServerBuild;
  const skew = shell.findVersionSkew(options.app, manifest.shared, shell.shareVersions);
  if (skew)
    throw new Error(
      `built against ${skew.pkg} ${skew.builtWith} (needs ${skew.requires}); the shell provides ${skew.provided}`,
    );
  return `shared packages accepted by the shell (${manifest.shared.length} checked)`;
}

/** The storefront's server entry is there and follows the page server's contract. */
async function serverEntryPublished(options: CheckOptions): Promise<string> {
  const manifest = await fetchJson<ServerManifest>(new URL(SERVER_MANIFEST_FILE, options.manifestUrl).href);
  const entry = await fetch(new URL(manifest.entry, options.manifestUrl), {
    signal: AbortSignal.timeout(10_000),
  });
  if (!entry.ok) throw new Error(`its server entry answered HTTP ${entry.status}`);
  return `server entry ${manifest.entry} published (contract ${manifest.contract})`;
}

/** A page server of the current shell whose live release of the app is this one, for the journeys. */
async function startCheckShell(options: CheckOptions) {
  const variable = options.app === 'storefront' ? 'STOREFRONT_MANIFEST_URL' : 'ADMIN_MANIFEST_URL';
  const child = spawn(process.execPath, [path.join(options.repoRoot, 'page-server', 'src', 'main.ts')], {
    cwd: options.repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...options.env,
      SHELL_PORT: String(options.port),
      SHELL_DIR: options.shellDir,
      SHOP_URL: `http://localhost:${options.port}`,
      [variable]: options.manifestUrl,
      // This release, not the ones live for the shop's shoppers; the other remote as it is live.
      RELEASES_LIVE: options.app === 'storefront' ? 'admin' : 'storefront',
    },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the check's page server exited: ${output.trim()}`);
    if (Date.now() > deadline) throw new Error(`the check's page server did not start: ${output.trim()}`);
    if (
      await fetch(`${url}/config.json`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The gate a release passes before it may be promoted: its shared versions are accepted by the current
 * shell, (the storefront's) server entry is published, and the shopper's journeys (or the admin's) run to
 * their end in the current shell with this release, through a page server of its own.
 */
export async function checkRelease(options: CheckOptions): Promise<CheckResult> {
  const lines: string[] = [];
  const step = async (what: string, run: () => Promise<string>) => {
    try {
      lines.push(`✓ ${await run()}`);
    } catch (error) {
      lines.push(`✗ ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
    options.log(lines.at(-1)!);
  };
  await step('shared versions', () => sharesAccepted(options));
  if (options.app === 'storefront') await step('server entry', () => serverEntryPublished(options));
  if (lines.every((line) => line.startsWith('✓'))) {
    let shell: Awaited<ReturnType<typeof startCheckShell>> | undefined;
    try {
      shell = await startCheckShell(options);
      for (const line of await runJourneys(
        options.app === 'storefront' ? STOREFRONT_JOURNEYS : ADMIN_JOURNEYS,
        shell.url,
      )) {
        lines.push(line);
        options.log(line);
      }
    } catch (error) {
      lines.push(`✗ journeys: ${error instanceof Error ? error.message : String(error)}`);
      options.log(lines.at(-1)!);
    } finally {
      await shell?.stop();
    }
  }
  return { passed: lines.every((line) => line.startsWith('✓')), at: new Date().toISOString(), lines };
}
