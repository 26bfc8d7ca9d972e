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
