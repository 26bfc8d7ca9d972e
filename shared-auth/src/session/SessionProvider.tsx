import { configureApi, shopQueryClient } from '@shop/shared-api';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { currentUserStore } from '../user/current-user-store.ts';
import { LocalSessionProvider } from './local/LocalSessionProvider.tsx';
import { forgetLocalSession, localSessionAtBoot } from './local/local-session.ts';
import { sessionStore } from './session-store.ts';
import { SessionSync } from './SessionSync.tsx';

/** The `auth` part of config.json. */
export type AuthConfig = { provider: 'local' } | { provider: 'clerk'; publishableKey: string };

const ClerkSessionProvider = lazy(() => import('./clerk/ClerkSessionProvider.tsx'));

/** Signing out must not hang the redirect to /login when the provider is slow. */
const SIGN_OUT_WAIT_MS = 2000;

/** The 401 handler: the session is dead, so forget it everywhere before the browser goes to /login. */
async function clearDeadSession(): Promise<void> {
  const { adapter, provider } = sessionStore.getState();
  currentUserStore.getState().logoutSuccess();
  shopQueryClient.clear();
  if (provider === 'local') forgetLocalSession();
  // Clears the refresh cookie (local) or Clerk's session, so /login does not sign the visitor straight back in.
  await Promise.race([
    adapter.signOut().catch(() => {}),
    new Promise((done) => setTimeout(done, SIGN_OUT_WAIT_MS)),
  ]);
  sessionStore.setState({ status: 'signedOut' });
}

function configureSession(apiBaseUrl: string, auth: AuthConfig) {
  sessionStore.setState({
    provider: auth.provider,
    status: 'loading',
    failure: null,
    ...(auth.provider === 'local' ? localSessionAtBoot() : {}),
  });
  configureApi({
    baseUrl: apiBaseUrl,
    getToken: () => sessionStore.getState().adapter.getToken(),
    onUnauthorized: clearDeadSession,
  });
}

/**
 * Mounts the configured sign-in provider and keeps the current user in step with it. The shell renders it
 * once, around the router; remotes read the session through the hooks and guards.
 */
export function SessionProvider({
  auth,
  apiBaseUrl,
  children,
}: {
  auth: AuthConfig;
  apiBaseUrl: string;
  children: ReactNode;
}) {
  // Before the first child renders: remotes may call the api during their first render. Not on a server,
  // which renders every page as a guest's whose session is being restored, and calls the api itself
  // through its own address (page-server/).
  useState(() => {
    if (typeof window !== 'undefined') configureSession(apiBaseUrl, auth);
  });

  const content = (
    <>
      <SessionSync />
      {children}
    </>
  );
  if (auth.provider === 'clerk') {
    return (
      // While Clerk's code downloads the page still renders (guards show their spinner).
      <Suspense fallback={content}>
        <ClerkSessionProvider publishableKey={auth.publishableKey}>{content}</ClerkSessionProvider>
      </Suspense>
    );
  }
  return <LocalSessionProvider>{content}</LocalSessionProvider>;
}
