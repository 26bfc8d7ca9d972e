import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@shop/shared-contract';

/**
 * The shell's deploy step: the page the shell serves, written when config.json is known. It is the built
 * `index.html` with, at its `<!-- shop:deploy -->` mark:
 *
 * - config.json itself, as a JSON data block (no request for it before the boot can start);
 * - preconnects to the storefront and the api;
 * - preloads of the storefront's manifest, remote entry and routes module, read from the manifest the
 *   config names, so the first page's code downloads in parallel with the shell's own instead of after it.
 *
 * A remote release re-runs this step (as it rewrites config.json): the preloads follow the new manifest
 * and the shell is not rebuilt. The built index.html is never changed, and nothing executable is added,
 * so the inline scripts (and their CSP hashes) are the build's own.
 */
export const DEPLOY_MARK = '<!-- shop:deploy -->';

interface RemoteManifest {
  metaData: { remoteEntry: { path: string; name: string } };
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

/** The storefront's first files, or none when its manifest cannot be read (the page then boots without). */
async function storefrontFiles(manifestUrl: string, timeoutMs: number): Promise<string[]> {
  try {
    const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return [];
    const manifest = (await response.json()) as RemoteManifest;
    const { path: entryPath, name } = manifest.metaData.remoteEntry;
    const routes = manifest.exposes.find((expose) => expose.name === 'routes');
    return [`${entryPath}${name}`, ...(routes?.assets.js.sync ?? [])].map((file) =>
      new URL(file, manifestUrl).toString(),
    );
  } catch {
    return [];
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
// JSON inside <script>: '<' escaped so no value can close the element.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function shellDocument(
  shellDir: string,
  config: RuntimeConfig,
  { timeoutMs = 3000 }: { timeoutMs?: number } = {},
): Promise<string> {
  const built = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  if (!built.includes(DEPLOY_MARK)) throw new Error(`${shellDir}/index.html has no ${DEPLOY_MARK} mark`);
  const manifestUrl = config.remotes.storefront;
  const files = await storefrontFiles(manifestUrl, timeoutMs);
  const origin = (url: string) => new URL(url).origin;
  const lines = [
    `<script type="application/json" id="shop-config">${jsonForScript(config)}</script>`,
    `<link rel="preconnect" href="${escapeAttribute(origin(config.apiBaseUrl))}" />`,
    ...(files.length
      ? [
          `<link rel="preconnect" href="${escapeAttribute(origin(manifestUrl))}" crossorigin />`,
          // The federation runtime fetches the manifest (cors, no credentials): the same request.
          `<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin data-shop-preload />`,
          ...files.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}" crossorigin />`),
        ]
      : []),
  ];
  return built.replace(DEPLOY_MARK, lines.join('\n    '));
}
