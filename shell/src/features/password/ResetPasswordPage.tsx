import { usePageTitle } from '@shop/shared-ui';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, RESET_PASSWORD_MESSAGE, resetPassword } from '@shop/shared-api';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { checkResetPassword } from './password-rules.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

/** /password/reset/:token: a new password twice; 'Password reset successfully!', then /login after 2 seconds. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRedirectAfter('/login');
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const problem = checkResetPassword(form.password, form.confirmPassword);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await resetPassword(token, form);
      setSuccess(answer.message || RESET_PASSWORD_MESSAGE);
      redirect();
    } catch (failure) {
      setError(errorMessage(failure, FALLBACK_MESSAGES.resetPassword));
      setBusy(false);
    }
  };

  return (
    <PasswordCard title="Reset Password" error={error} success={success}>
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate aria-label="Reset Password">
          <Field.Root required>
            <Field.Label>New Password</Field.Label>
            <Input
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
            />
            <Field.HelperText>At least 8 characters.</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>Confirm Password</Field.Label>
            <Input
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={busy} disabled={Boolean(success)}>
            Reset Password
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
