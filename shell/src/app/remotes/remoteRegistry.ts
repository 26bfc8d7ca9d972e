import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import { remoteRoutesId, type RemoteName, type RemoteRoutesProps } from '@shop/shared-contract';
import type { ComponentType } from 'react';
import { versionSkewGuard } from './versionSkew.ts';

export type { RemoteName };

interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

/** A promise that also says synchronously how it ended, the way React's `use()` reads it. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const pending = new Map<RemoteName, TrackedPromise<RemoteRoutesModule>>();
let manifests: Record<RemoteName, string> | undefined;

/** Tells the federation runtime where each remote lives, from config.json: no URL is compiled in. */
export function registerShopRemotes(remotes: Record<RemoteName, string>): void {
  // Before any remote loads: a remote built against another major of a shared package is refused.
  if (!manifests) registerPlugins([versionSkewGuard()]);
  manifests = remotes;
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry, type: 'module' })),
    { force: true },
  );
}

/**
 * One load per remote. A failed load stays failed until the shopper presses Retry (`forgetRemote`):
 * React re-renders a failed route before its error boundary shows, and forgetting at once would send a
 * new request on every such render.
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let load = pending.get(name);
  if (!load) {
    const tracked: TrackedPromise<RemoteRoutesModule> = loadRemote<RemoteRoutesModule>(
      remoteRoutesId(name),
    ).then((module) => {
      if (!module?.default) throw new Error(`The ${name} remote did not expose its routes`);
      return module;
    });
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
  const entry = manifests?.[name];
  if (entry) registerRemotes([{ name, entry, type: 'module' }], { force: true });
}
