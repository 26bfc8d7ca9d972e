import { useEffect, type ReactNode } from 'react';
import { restoreLocalSession } from './local-session.ts';

/** The default provider: the shop's own api signs people in; the session comes back from the cookie. */
export function LocalSessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void restoreLocalSession();
  }, []);
  return children;
}
