import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { remoteRoutesId, type RemoteName, type RemoteRoutesProps } from '@shop/shared-contract';
import type { ComponentType } from 'react';

export type { RemoteName };

interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

const pending = new Map<RemoteName, Promise<RemoteRoutesModule>>();
let manifests: Record<RemoteName, string> | undefined;

/** Tells the federation runtime where each remote lives, from config.json: no URL is compiled in. */
export function registerShopRemotes(remotes: Record<RemoteName, string>): void {
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
    load = loadRemote<RemoteRoutesModule>(remoteRoutesId(name)).then((module) => {
      if (!module?.default) throw new Error(`The ${name} remote did not expose its routes`);
      return module;
    });
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
