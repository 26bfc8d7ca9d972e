import { PageSpinner } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser, useSession } from '../hooks.ts';
import { loginPathFor } from './login-path.ts';
import { SessionUnavailable } from './SessionUnavailable.tsx';

/**
 * Admin pages. A spinner while the provider or the profile loads, /login for a guest, /account for anyone
 * who is not an admin. `children` (the admin remote) is not rendered, and so not even downloaded, until
 * the user is a confirmed admin.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, failure } = useSession();
  const { profileStatus, isAdmin } = useCurrentUser();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" fullPage />;
  if (status === 'failed') return <SessionUnavailable message={failure} />;
  if (status === 'signedOut') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  // Signed in: wait for the server's answer about the role (a failed load falls back to the provider's).
  if (profileStatus === 'idle' || profileStatus === 'loading')
    return <PageSpinner label="Loading your profile" fullPage />;
  if (!isAdmin) return <Navigate to="/account" replace />;
  return children;
}
