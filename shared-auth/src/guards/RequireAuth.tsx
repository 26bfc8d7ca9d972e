import { PageProgress } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks.ts';
import { loginPathFor } from './login-path.ts';
import { SessionUnavailable } from './SessionUnavailable.tsx';

/** Signed-in pages: a guest goes to /login, with this page as the address to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, failure } = useSession();
  const location = useLocation();
  // A thin bar, not a spinner: the spec asks for a spinner only on admin pages.
  if (status === 'loading') return <PageProgress label="Checking your session" />;
  if (status === 'failed') return <SessionUnavailable message={failure} />;
  if (status === 'signedOut') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
