import { PageSpinner } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks.ts';
import { loginPathFor } from './login-path.ts';
import { SessionUnavailable } from './SessionUnavailable.tsx';

/** Signed-in pages: a guest goes to /login, with this page as the address to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, failure } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'failed') return <SessionUnavailable message={failure} />;
  if (status === 'signedOut') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
