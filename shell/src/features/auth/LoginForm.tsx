import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, loginRequestSchema } from '@shop/shared-api';
import { signInLocally } from '@shop/shared-auth';
import { ErrorAlert } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fieldErrors, type FieldErrors } from './field-errors.ts';

/** LOGIN tab of the local provider: Email, Password, Login (ARCHITECTURE.md startup contract). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await signInLocally(parsed.data);
      onSignedIn();
    } catch (error) {
      // A 401 here means a wrong password: the form says so, no logout redirect.
      setFailure(errorMessage(error, FALLBACK_MESSAGES.login));
      setBusy(false);
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Login">
        {failure ? <ErrorAlert message={failure} /> : null}
        <Field.Root required invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Link asChild alignSelf="end" fontSize="sm" color="brand.fg">
          <RouterLink to="/password/forgot">Forgot Password?</RouterLink>
        </Link>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing in">
          Login
        </Button>
      </form>
    </Stack>
  );
}
