import { FALLBACK_MESSAGES, failureMessage, RESET_PASSWORD_MESSAGE, resetPassword } from '@shop/shared-api';
import { resetPasswordFormSchema } from '@shop/shared-api/schemas';
import { Button, FormField, Input, Stack, usePageTitle, useShopForm } from '@shop/shared-ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

/** /password/reset/:token: a new password twice; 'Password reset successfully!', then /login after 2 seconds. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const [success, setSuccess] = useState<string | null>(null);
  const redirect = useRedirectAfter('/login');
  const form = useShopForm({
    schema: resetPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.resetPassword),
    onSubmit: async (passwords) => {
      const answer = await resetPassword(token, passwords);
      setSuccess(answer.message || RESET_PASSWORD_MESSAGE);
      redirect();
    },
  });

  return (
    <PasswordCard title="Reset Password" error={form.failure} success={success}>
      <Stack asChild gap="4">
        <form onSubmit={form.handleSubmit} noValidate aria-label="Reset Password">
          <FormField
            label="New Password"
            error={form.errors.password}
            required
            helperText="At least 8 characters."
          >
            <Input type="password" autoComplete="new-password" {...form.field('password')} />
          </FormField>
          <FormField label="Confirm Password" error={form.errors.confirmPassword} required>
            <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={form.busy} disabled={form.succeeded}>
            Reset Password
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
