import { usePageTitle } from '@shop/shared-ui';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, updatePassword } from '@shop/shared-api';
import { useSession } from '@shop/shared-auth';
import { useState, type FormEvent } from 'react';
import { checkNewPassword } from './password-rules.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully';

/** /password/update: old, new and confirm; on success a message, then /account after 2 seconds. */
export function UpdatePasswordPage() {
  usePageTitle('Update Password');
  const { provider } = useSession();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRedirectAfter('/account');
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  if (provider === 'clerk') {
    return (
      <PasswordCard title="Update Password" error={null} success={null}>
        <Text>Your password is managed by the sign-in service. Change it from its account settings.</Text>
      </PasswordCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const problem = form.oldPassword
      ? checkNewPassword(form.newPassword, form.confirmPassword)
      : 'Old password is required';
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await updatePassword(form);
      setSuccess(PASSWORD_UPDATED_MESSAGE);
      redirect();
    } catch (failure) {
      setError(errorMessage(failure, FALLBACK_MESSAGES.updatePassword));
      setBusy(false);
    }
  };

  return (
    <PasswordCard title="Update Password" error={error} success={success}>
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate aria-label="Update Password">
          <Field.Root required>
            <Field.Label>Old Password</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={form.oldPassword}
              onChange={set('oldPassword')}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>New Password</Field.Label>
            <Input
              type="password"
              autoComplete="new-password"
              value={form.newPassword}
              onChange={set('newPassword')}
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
            Change Password
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
