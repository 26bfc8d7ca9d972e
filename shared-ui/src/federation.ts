import type { ReactNode } from 'react';

/**
 * The contract between the shell and a remote's exposed `./routes` module. The shell knows a remote only
 * by name and URL; this type is everything else they agree on.
 */
export interface RemoteRoutesProps {
  /** The shell's own 'Page Not Found' element, rendered by the remote for paths it does not own. */
  notFound: ReactNode;
}
