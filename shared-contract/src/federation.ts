import type { ReactNode } from 'react';
import type { RuntimeConfig } from './runtime-config.ts';

/**
 * The federation contract: each remote exposes one module, `./routes`, whose default export renders the
 * remote's own <Routes>. The shell knows a remote only by name and URL; this is everything else they agree
 * on, so a remote adds a route without a shell release.
 */
export const REMOTE_ROUTES_EXPOSE = './routes';

/** What the runtime's `loadRemote` is asked for: `storefront/routes`, `admin/routes`. */
export function remoteRoutesId(remote: string): string {
  return `${remote}/${REMOTE_ROUTES_EXPOSE.slice(2)}`;
}

export interface RemoteRoutesProps {
  /** The shell's own 'Page Not Found' element, rendered by the remote for paths it does not own. */
  notFound: ReactNode;
  /** This deployment's config.json (api base, sign-in and card providers with their publishable keys). */
  config: RuntimeConfig;
}

/**
 * Share names that releases built before a rename still ask for, and the share that answers each now. The
 * shell lends the new share under the old name as well, in the browser and on the page server, so a
 * storefront or admin release built before the rename keeps running in a newer shell with the shell's one
 * copy (a release that found no share would load its own, and a second query cache). An entry can go once
 * no release built before its rename can be served (docs/federation.md, "Renamed shares").
 */
export const LEGACY_SHARE_NAMES: Readonly<Record<string, string>> = {
  '@tanstack/react-query': '@shop/shared-query',
};

/** `byName` with each renamed share's old name added, standing for the same value as its new name. */
export function withLegacyShareNames<T>(byName: Readonly<Record<string, T>>): Record<string, T> {
  const all: Record<string, T> = { ...byName };
  for (const [legacy, current] of Object.entries(LEGACY_SHARE_NAMES)) {
    const value = byName[current];
    if (!(legacy in all) && value !== undefined) all[legacy] = value;
  }
  return all;
}
