import { ClerkFailed, ClerkProvider, useAuth, useClerk, useUser } from '@clerk/react';
import type { Role } from '@shop/shared-api';
import { Component, useEffect, useRef, type ReactNode } from 'react';
import { sessionStore, type ProviderProfile, type SessionAdapter } from '../session-store.ts';

/** Clerk's script comes from Clerk's servers; if it has not loaded by then, say so instead of spinning. */
export const CLERK_LOAD_TIMEOUT_MS = 15_000;
const FAILURE_MESSAGE = 'The sign-in service could not be loaded. Check your connection and reload the page.';

function fail(detail?: string) {
  if (detail) console.error('Clerk failed to load:', detail);
  sessionStore.setState({ status: 'failed', failure: FAILURE_MESSAGE, providerProfile: null });
}

function roleOf(metadata: Record<string, unknown> | undefined): Role | null {
  const role = metadata?.role;
  return role === 'admin' || role === 'user' ? role : null;
}

/** Copies Clerk's state into the shop's session store, where guards, hooks and the api client read it. */
function ClerkBridge() {
  const clerk = useClerk();
  const { isLoaded, isSignedIn, getToken, signOut } = useAuth();
  const { user } = useUser();
  const status = (clerk as { status?: string }).status;

  // Clerk's functions change identity between renders; the adapter always calls the latest ones.
  const latest = useRef({ getToken, signOut });
  useEffect(() => {
    latest.current = { getToken, signOut };
  });

  useEffect(() => {
    const adapter: SessionAdapter = {
      getToken: ({ fresh = false } = {}) => latest.current.getToken(fresh ? { skipCache: true } : undefined),
      signOut: () => latest.current.signOut(),
    };
    sessionStore.setState({ provider: 'clerk', adapter });
  }, []);

  useEffect(() => {
    if (status === 'error') return fail('status error');
    if (!isLoaded) {
      const timer = setTimeout(() => fail('timed out'), CLERK_LOAD_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    const profile: ProviderProfile | null = user
      ? {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.emailAddresses?.[0]?.emailAddress ?? null,
          imageUrl: user.imageUrl,
          role: roleOf(user.publicMetadata as Record<string, unknown> | undefined),
        }
      : null;
    sessionStore.setState({
      status: isSignedIn ? 'signedIn' : 'signedOut',
      failure: null,
      providerProfile: profile,
    });
  }, [status, isLoaded, isSignedIn, user]);

  return null;
}

/** Rendered by Clerk's own <ClerkFailed> when its script could not load: fail at once, not after the timeout. */
function ReportClerkFailure() {
  useEffect(() => fail('ClerkFailed'), []);
  return null;
}

/** A bad publishable key makes ClerkProvider throw: that is a failed provider too, not a white page. */
class ClerkFailureBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    fail(error instanceof Error ? error.message : String(error));
  }

  override render() {
    // The shop keeps working without sign-in: public pages render, guarded ones show the failure.
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Clerk as the provider (config.json carries a publishable key). Loaded lazily: local shops never pay for it. */
export default function ClerkSessionProvider({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  return (
    <ClerkFailureBoundary fallback={children}>
      <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
        <ClerkBridge />
        <ClerkFailed>
          <ReportClerkFailure />
        </ClerkFailed>
        {children}
      </ClerkProvider>
    </ClerkFailureBoundary>
  );
}
