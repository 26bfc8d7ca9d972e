import { FALLBACK_MESSAGES, failureMessage } from '@shop/shared-api';
import { registerRequestSchema } from '@shop/shared-api/schemas';
import { registerLocally } from '@shop/shared-auth';
import { Button, ErrorAlert, FormField, Input, Stack, useShopForm } from '@shop/shared-ui';

/** REGISTER tab of the local provider: Name, Email, Password, Register. */
export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useShopForm({
    schema: registerRequestSchema,
    initialValues: { name: '', email: '', password: '' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.register),
    onSubmit: async (account) => {
      await registerLocally(account);
      onSignedIn();
    },
  });

  return (
    <Stack asChild gap="4">
      <form onSubmit={form.handleSubmit} noValidate aria-label="Register">
        {form.failure ? <ErrorAlert message={form.failure} /> : null}
        <FormField label="Name" error={form.errors.name} required>
          <Input autoComplete="name" {...form.field('name')} />
        </FormField>
        <FormField label="Email" error={form.errors.email} required>
          <Input type="email" autoComplete="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={form.errors.password} required helperText="At least 8 characters.">
          <Input type="password" autoComplete="new-password" {...form.field('password')} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={form.busy} loadingText="Creating your account">
          Register
        </Button>
      </form>
    </Stack>
  );
}
