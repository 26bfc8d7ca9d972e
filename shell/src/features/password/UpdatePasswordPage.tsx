import { FALLBACK_MESSAGES, failureMessage, updatePassword } from '@shop/shared-api';
import { updatePasswordFormSchema } from '@shop/shared-api/schemas';
import { useSession } from '@shop/shared-auth';
import { Button, FormField, Input, Stack, Text, usePageTitle, useShopForm } from '@shop/shared-ui';
import { PasswordCard } from './PasswordCard.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully';

/** /password/update: old, new and confirm; on success a message, then /account after 2 seconds. */
export function UpdatePasswordPage() {
  usePageTitle('Update Password');
  const { provider } = useSession();
  const redirect = useRedirectAfter('/account');
  const form = useShopForm({
    schema: updatePasswordFormSchema,
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.updatePassword),
    onSubmit: async (passwords) => {
      await updatePassword(passwords);
      redirect();
    },
  });

  if (provider === 'clerk') {
    return (
      <PasswordCard title="Update Password" error={null} success={null}>
        <Text>Your password is managed by the sign-in service. Change it from its account settings.</Text>
      </PasswordCard>
    );
  }

  return (
    <PasswordCard
      title="Update Password"
      error={form.failure}
      success={form.succeeded ? PASSWORD_UPDATED_MESSAGE : null}
    >
      <Stack asChild gap="4">
        <form onSubmit={form.handleSubmit} noValidate aria-label="Update Password">
          <FormField label="Old Password" error={form.errors.oldPassword} required>
            <Input type="password" autoComplete="current-password" {...form.field('oldPassword')} />
          </FormField>
          <FormField
            label="New Password"
            error={form.errors.newPassword}
            required
            helperText="At least 8 characters."
          >
            <Input type="password" autoComplete="new-password" {...form.field('newPassword')} />
          </FormField>
          <FormField label="Confirm Password" error={form.errors.confirmPassword} required>
            <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={form.busy} disabled={form.succeeded}>
            Change Password
          </Button>
        </form>
      </Stack>
    </PasswordCard>
  );
}
