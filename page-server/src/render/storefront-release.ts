import {
  SERVER_ENTRY_CONTRACT,
  SERVER_MANIFEST_FILE,
  type ServerManifest,
  type StorefrontServerEntry,
} from '@shop/shared-contract';
import { importReleaseModule } from './server-shares.ts';
import type { ShellServer } from './shell-server.ts';

/** The storefront release the server renders with. */
export interface StorefrontRelease {
  /** The server entry's address (hashed, never reused): the key of every page rendered with it. */
  key: string;
  entry: StorefrontServerEntry;
  /** The release's own browser manifest: a page rendered with this entry has the browser load this release. */
  browserManifest: string;
}

export interface StorefrontReleaseOptions {
  /** The storefront's mf-manifest.json, from config.json: its server-manifest.json lies beside it. */
  manifestUrl: string;
  shell: ShellServer;
  /** How often the manifest is asked again; 0 asks on every request. */
  checkEveryMs: number;
  /** Bound of each request for the manifest or the entry. */
  timeoutMs: number;
  /** One line per reason the storefront cannot be rendered with (logged once until it changes). */
  log: (line: string) => void;
}

class ReleaseRefused extends Error {}

function checkManifest(value: unknown): ServerManifest {
  const manifest = value as Partial<ServerManifest> | null;
  if (manifest?.contract !== SERVER_ENTRY_CONTRACT)
    throw new ReleaseRefused(
      `its server entry follows contract ${String(manifest?.contract)}, this page server ${SERVER_ENTRY_CONTRACT}`,
    );
  if (
    typeof manifest.entry !== 'string' ||
    typeof manifest.browserManifest !== 'string' ||
    !Array.isArray(manifest.shared)
  )
    throw new ReleaseRefused('its server manifest is malformed');
  return manifest as ServerManifest;
}

function checkEntry(module: Record<string, unknown>): StorefrontServerEntry {
  if (
    module.contract !== SERVER_ENTRY_CONTRACT ||
    typeof module.default !== 'function' ||
    typeof module.preparePage !== 'function' ||
    !Array.isArray(module.privatePaths)
  )
    throw new ReleaseRefused(
      'its server entry does not export contract, default, preparePage and privatePaths',
    );
  return module as unknown as StorefrontServerEntry;
}

/**
 * Follows the storefront's live release: its server-manifest.json is asked again (conditionally) at most
 * every `checkEveryMs`, by the request that finds it due; so a release is rendered within that time of going
 * live, without a restart (with 0, from the very next request). A new entry is fetched and imported once. Any failure
 * (no server entry, another major of a shared package, a fetch or import that fails or is slow) means no
 * release: the caller serves its prerendered page, and one line says why.
 */
export function watchStorefrontRelease(options: StorefrontReleaseOptions) {
  const manifestUrl = new URL(SERVER_MANIFEST_FILE, options.manifestUrl).toString();
  let current: StorefrontRelease | null = null;
  let etag: string | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  let lastProblem: string | null = null;
  let lastReason: string | null = null;

  const fetchBounded = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });

  async function load(manifest: ServerManifest): Promise<StorefrontRelease> {
    const key = new URL(manifest.entry, manifestUrl).toString();
    if (current?.key === key) return current;
    const skew = options.shell.findVersionSkew('storefront', manifest.shared, options.shell.shareVersions);
    if (skew)
      throw new ReleaseRefused(
        `it was built against ${skew.pkg} ${skew.builtWith} (needs ${skew.requires}); this shell provides ${skew.provided}`,
      );
    const response = await fetchBounded(key);
    if (!response.ok) throw new ReleaseRefused(`its server entry answered HTTP ${response.status}`);
    const module = await importReleaseModule(key, await response.text());
    return {
      key,
      entry: checkEntry(module),
      browserManifest: new URL(manifest.browserManifest, manifestUrl).toString(),
    };
  }

  async function check() {
    try {
      const response = await fetchBounded(manifestUrl, etag && current ? { 'if-none-match': etag } : {});
      if (response.status === 304) return;
      if (!response.ok) throw new ReleaseRefused(`${SERVER_MANIFEST_FILE} answered HTTP ${response.status}`);
      const manifest = checkManifest(await response.json());
      current = await load(manifest);
      etag = response.headers.get('etag') ?? undefined;
      if (lastProblem) options.log(`storefront server entry ${current.key} loaded: pages are rendered again`);
      lastProblem = null;
      lastReason = null;
    } catch (error) {
      current = null;
      etag = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      lastReason = reason;
      const problem = `storefront release at ${manifestUrl} is not rendered on the server, pages are served prerendered: ${reason}`;
      if (problem !== lastProblem) options.log(problem);
      lastProblem = problem;
    } finally {
      checkedAt = Date.now();
    }
  }

  return {
    /** The release to render with now, or null (serve the prerendered page). */
    async release(): Promise<StorefrontRelease | null> {
      if (Date.now() - checkedAt >= options.checkEveryMs) {
        checking ??= check().finally(() => {
          checking = null;
        });
        // The request that finds the check due renders with the release known so far while the check
        // runs (none of them waits for the manifest's round trip), unless none is known yet, or every
        // request is to see a new release at once (`checkEveryMs` 0).
        if (!current || options.checkEveryMs === 0) await checking;
      }
      return current;
    },
    /** Why there is no release to render with, when there is none. */
    reason: (): string | null => (current ? null : lastReason),
  };
}
export type StorefrontReleaseWatch = ReturnType<typeof watchStorefrontRelease>;
