import { FALLBACK_MESSAGES, failureMessage, FORGOT_PASSWORD_MESSAGE, forgotPassword } from '@shop/shared-api';
import { forgotPasswordRequestSchema } from '@shop/shared-api/schemas';
import { useSession } from '@shop/shared-auth';
import { Button, FormField, Input, Stack, Text, usePageTitle, useShopForm } from '@shop/shared-ui';
import { useState } from 'react';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

/** /password/forgot: an email; the api writes the reset link to its log; then /login after 2 seconds. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const { provider } = useSession();
  const [success, setSuccess] = useState<string | null>(null);
  const redirect = useRedirectAfter('/login');
  const form = useShopForm({
    schema: forgotPasswordRequestSchema,
    initialValues: { email: '' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.forgotPassword),
    onSubmit: async (request) => {
      const answer = await forgotPassword(request);
      setSuccess(answer.message || FORGOT_PASSWORD_MESSAGE);
      redirect();
    },
  });

  if (provider === 'clerk') {
    return (
      <PasswordCard title="Forgot Password" error={null} success={null}>
        <Text>Use “Forgot password?” on the sign-in screen: the sign-in service sends the reset email.</Text>
      </PasswordCard>
    );
  }

  return (
    <PasswordCard title="Forgot Password" error={form.failure} success={success}>
      <Stack asChild gap="4">
        <form onSubmit={form.handleSubmit} noValidate aria-label="Forgot Password">
          <FormField
            label="Email"
            error={form.errors.email}
            required
            helperText="We will send you a link to set a new password."
          >
            <Input type="email" autoComplete="email" {...form.field('email')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={form.busy} disabled={form.succeeded}>
            Send
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
