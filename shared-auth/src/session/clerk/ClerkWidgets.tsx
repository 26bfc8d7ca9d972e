import { SignIn, SignUp } from '@clerk/react';

// Clerk's hosted widgets for the LOGIN and REGISTER tabs. Hash routing keeps their inner steps on /login.
export function ClerkSignInWidget({ redirectTo }: { redirectTo: string }) {
  return <SignIn routing="hash" forceRedirectUrl={redirectTo} signUpForceRedirectUrl={redirectTo} />;
}

export function ClerkSignUpWidget({ redirectTo }: { redirectTo: string }) {
  return <SignUp routing="hash" forceRedirectUrl={redirectTo} signInForceRedirectUrl={redirectTo} />;
}
