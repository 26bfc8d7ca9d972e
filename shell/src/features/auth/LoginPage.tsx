import { Card, Center, Heading, loadOverlays, PageSpinner, toast, usePageTitle } from '@shop/shared-ui';
import { isLeavingForLogin, takeLogoutMessage } from '@shop/shared-api';
import {
  ProviderSignIn,
  ProviderSignUp,
  returnAddressFrom,
  SessionUnavailable,
  useSession,
} from '@shop/shared-auth';
import { Suspense, use, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** Shows the stored logout message (after a 401) once, as an error toast. */
function useLogoutMessageToast() {
  useEffect(() => {
    // take = read and forget, so StrictMode's second run and later visits show nothing.
    // After a 401 the client is replacing this page with a fresh /login: let that page show it.
    if (isLeavingForLogin()) return;
    const message = takeLogoutMessage();
    if (message) toast.error(message);
  }, []);
}

/** /login: LOGIN and REGISTER tabs; afterwards the page named after '=' in the query string, else /account. */
export function LoginPage() {
  // The tabs come from the design system's overlays entry, which no other guest page needs: until it is
  // here the page shows the spinner it shows while the session is checked.
  return (
    <Suspense fallback={<PageSpinner label="Loading the login page" fullPage />}>
      <Login />
    </Suspense>
  );
}

function Login() {
  // Started before the session is known, so both downloads run at once.
  const overlays = loadOverlays();
  useLogoutMessageToast();
  const { status, provider, failure } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('login');
  usePageTitle(tab === 'login' ? 'Login' : 'Register');
  const returnTo = returnAddressFrom(location.search);
  const goOn = () => navigate(returnTo, { replace: true });

  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  if (status === 'failed') return <SessionUnavailable message={failure} />;
  if (status === 'loading') return <PageSpinner label="Checking your session" fullPage />;
  const { Tabs } = use(overlays);

  return (
    <Center py={{ base: '6', md: '12' }}>
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <Heading as="h1" size="lg" mb="4" textAlign="center">
            {tab === 'login' ? 'Login to your account' : 'Create your account'}
          </Heading>
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" fitted>
            <Tabs.List>
              <Tabs.Trigger value="login">LOGIN</Tabs.Trigger>
              <Tabs.Trigger value="register">REGISTER</Tabs.Trigger>
            </Tabs.List>
            {/* Only the open tab's form exists, so the page has one 'Email' field at a time. */}
            <Tabs.Content value="login" pt="6">
              {tab !== 'login' ? null : provider === 'clerk' ? (
                <ProviderSignIn redirectTo={returnTo} />
              ) : (
                <LoginForm onSignedIn={goOn} />
              )}
            </Tabs.Content>
            <Tabs.Content value="register" pt="6">
              {tab !== 'register' ? null : provider === 'clerk' ? (
                <ProviderSignUp redirectTo={returnTo} />
              ) : (
                <RegisterForm onSignedIn={goOn} />
              )}
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
