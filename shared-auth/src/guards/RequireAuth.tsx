import { Box, PageProgress } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks.ts';
import { loginPathFor } from './login-path.ts';
import { SessionUnavailable } from './SessionUnavailable.tsx';

/**
 * Signed-in pages: a guest goes to /login, with this page as the address to come back to.
 *
 * The page holds at least the viewport's height, as the bar shown while the session is checked does: a
 * shorter page let the footer rise into view when it replaced the bar (payment page CLS 0.051 on a phone,
 * docs/performance.md, round 5).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, failure } = useSession();
  const location = useLocation();
  // A thin bar, not a spinner: the spec asks for a spinner only on admin pages.
  if (status === 'loading') return <PageProgress label="Checking your session" />;
  if (status === 'failed') return <SessionUnavailable message={failure} />;
  if (status === 'signedOut') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return <Box minH="100vh">{children}</Box>;
}
