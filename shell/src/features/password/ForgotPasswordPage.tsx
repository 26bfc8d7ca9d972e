import { usePageTitle } from '@shop/shared-ui';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, FORGOT_PASSWORD_MESSAGE, forgotPassword } from '@shop/shared-api';
import { useSession } from '@shop/shared-auth';
import { useState, type FormEvent } from 'react';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

/** /password/forgot: an email; the api writes the reset link to its log; then /login after 2 seconds. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const { provider } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRedirectAfter('/login');

  if (provider === 'clerk') {
    return (
      <PasswordCard title="Forgot Password" error={null} success={null}>
        <Text>Use “Forgot password?” on the sign-in screen: the sign-in service sends the reset email.</Text>
      </PasswordCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await forgotPassword({ email: email.trim() });
      setSuccess(answer.message || FORGOT_PASSWORD_MESSAGE);
      redirect();
    } catch (failure) {
      setError(errorMessage(failure, FALLBACK_MESSAGES.forgotPassword));
      setBusy(false);
    }
  };

  return (
    <PasswordCard title="Forgot Password" error={error} success={success}>
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate aria-label="Forgot Password">
          <Field.Root required>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field.HelperText>We will send you a link to set a new password.</Field.HelperText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={busy} disabled={Boolean(success)}>
            Send
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
