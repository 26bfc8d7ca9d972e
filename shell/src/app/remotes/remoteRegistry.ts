import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import {
  remoteRoutesId,
  type RemoteName,
  type RemoteRoutesProps,
  type RuntimeConfig,
} from '@shop/shared-contract';
import type { ComponentType } from 'react';
import { lendUnderLegacyNames } from './legacy-shares.ts';
import { reportReleaseLoad } from './release-report.ts';
import { versionSkewGuard, versionSkewOf } from './versionSkew.ts';

export type { RemoteName };

interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

/** A promise that also says synchronously how it ended, the way React's `use()` reads it. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

type RemotesConfig = Pick<RuntimeConfig, 'remotes' | 'releases' | 'apiBaseUrl'>;

const pending = new Map<RemoteName, TrackedPromise<RemoteRoutesModule>>();
let shop: RemotesConfig | undefined;

const register = (name: RemoteName, entry: string) =>
  registerRemotes([{ name, entry, type: 'module' }], { force: true });

/**
 * Tells the federation runtime where each remote lives, from config.json: no URL is compiled in. With
 * releases, config.json names each remote's release for this browser and the one to fall back to.
 */
export function registerShopRemotes(config: RemotesConfig): void {
  // Before any remote loads: a remote built against another major of a shared package is refused.
  if (!shop) {
    registerPlugins([versionSkewGuard()]);
    // A release built before a share was renamed asks for it by its old name (LEGACY_SHARE_NAMES).
    const federation = getInstance();
    if (federation) lendUnderLegacyNames(federation);
  }
  shop = config;
  for (const [name, entry] of Object.entries(config.remotes)) register(name as RemoteName, entry);
}

function routesOf(name: RemoteName): Promise<RemoteRoutesModule> {
  return loadRemote<RemoteRoutesModule>(remoteRoutesId(name)).then((module) => {
    if (!module?.default) throw new Error(`The ${name} remote did not expose its routes`);
    return module;
  });
}

/** Why a load failed, in a line for the release's counts. */
function reasonOf(error: unknown): string {
  const skew = versionSkewOf(error);
  if (skew)
    return `version skew: built with ${skew.pkg} ${skew.builtWith} (needs ${skew.requires}), the shell provides ${skew.provided}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The remote's routes from its release for this browser; when that fails to load (its files are missing,
 * it throws as it is evaluated, a shared version is refused), once from the release it falls back to,
 * without the shopper seeing anything but a longer wait. Each outcome is reported to the api, which counts
 * them per release (docs/federation.md, "Releases").
 */
async function loadWithFailOver(name: RemoteName): Promise<RemoteRoutesModule> {
  const release = shop?.releases?.[name];
  const report = (outcome: 'loaded' | 'failed', extra: { reason?: string; fellBackTo?: string } = {}) => {
    if (release && shop)
      reportReleaseLoad(shop.apiBaseUrl, { remote: name, release: release.id, outcome, ...extra });
  };
  try {
    const module = await routesOf(name);
    report('loaded');
    return module;
  } catch (error) {
    const fallback = release?.fallback;
    if (!fallback) {
      report('failed', { reason: reasonOf(error) });
      throw error;
    }
    register(name, fallback.manifest);
    try {
      const module = await routesOf(name);
      report('failed', { reason: reasonOf(error), fellBackTo: fallback.id });
      return module;
    } catch {
      report('failed', { reason: reasonOf(error) });
      // The page's own release's failure is the one it explains ('… is unavailable', '… needs an update').
      throw error;
    }
  }
}

/**
 * One load per remote. A failed load stays failed until the shopper presses Retry (`forgetRemote`):
 * React re-renders a failed route before its error boundary shows, and forgetting at once would send a
 * new request on every such render.
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let load = pending.get(name);
  if (!load) {
    const tracked: TrackedPromise<RemoteRoutesModule> = loadWithFailOver(name);
    // React's use() renders a settled promise's value at once instead of suspending for a tick: a remote
    // loaded before the first render (main.tsx) draws in that first render, with no loading bar between.
    tracked.then(
      (value) => {
        Object.assign(tracked, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
      },
    );
    load = tracked;
    pending.set(name, load);
  }
  return load;
}

/** Retry: drop the failed load and register the remote afresh, since the runtime keeps a failed entry. */
export function forgetRemote(name: RemoteName): void {
  pending.delete(name);
  const entry = shop?.remotes[name];
  if (entry) register(name, entry);
}
