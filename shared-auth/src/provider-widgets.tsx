import { lazy, Suspense } from 'react';
import { PageSpinner } from '@shop/shared-ui';

const ClerkSignIn = lazy(() =>
  import('./session/clerk/ClerkWidgets.tsx').then((module) => ({ default: module.ClerkSignInWidget })),
);
const ClerkSignUp = lazy(() =>
  import('./session/clerk/ClerkWidgets.tsx').then((module) => ({ default: module.ClerkSignUpWidget })),
);

/** Clerk's hosted SignIn widget (only when Clerk is the configured provider). */
export function ProviderSignIn({ redirectTo }: { redirectTo: string }) {
  return (
    <Suspense fallback={<PageSpinner label="Loading sign-in" />}>
      <ClerkSignIn redirectTo={redirectTo} />
    </Suspense>
  );
}

/** Clerk's hosted SignUp widget (only when Clerk is the configured provider). */
export function ProviderSignUp({ redirectTo }: { redirectTo: string }) {
  return (
    <Suspense fallback={<PageSpinner label="Loading sign-up" />}>
      <ClerkSignUp redirectTo={redirectTo} />
    </Suspense>
  );
}
