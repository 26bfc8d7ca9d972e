import { FALLBACK_MESSAGES, failureMessage } from '@shop/shared-api';
import { loginRequestSchema } from '@shop/shared-api/schemas';
import { signInLocally } from '@shop/shared-auth';
import { Button, ErrorAlert, FormField, Input, Link, Stack, useShopForm } from '@shop/shared-ui';
import { Link as RouterLink } from 'react-router-dom';

/** LOGIN tab of the local provider: Email, Password, Login (ARCHITECTURE.md startup contract). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useShopForm({
    schema: loginRequestSchema,
    initialValues: { email: '', password: '' },
    // A 401 here means a wrong password: the form says so, no logout redirect.
    describeFailure: failureMessage(FALLBACK_MESSAGES.login),
    onSubmit: async (credentials) => {
      await signInLocally(credentials);
      onSignedIn();
    },
  });

  return (
    <Stack asChild gap="4">
      <form onSubmit={form.handleSubmit} noValidate aria-label="Login">
        {form.failure ? <ErrorAlert message={form.failure} /> : null}
        <FormField label="Email" error={form.errors.email} required>
          <Input type="email" autoComplete="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={form.errors.password} required>
          <Input type="password" autoComplete="current-password" {...form.field('password')} />
        </FormField>
        <Link asChild alignSelf="end" fontSize="sm" color="brand.fg">
          <RouterLink to="/password/forgot">Forgot Password?</RouterLink>
        </Link>
        <Button type="submit" colorPalette="brand" loading={form.busy} loadingText="Signing in">
          Login
        </Button>
      </form>
    </Stack>
  );
}
