import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, registerRequestSchema } from '@shop/shared-api';
import { registerLocally } from '@shop/shared-auth';
import { ErrorAlert } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { fieldErrors, type FieldErrors } from './field-errors.ts';

/** REGISTER tab of the local provider: Name, Email, Password, Register. */
export function RegisterForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerRequestSchema.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await registerLocally(parsed.data);
      onSignedIn();
    } catch (error) {
      setFailure(errorMessage(error, FALLBACK_MESSAGES.register));
      setBusy(false);
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Register">
        {failure ? <ErrorAlert message={failure} /> : null}
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>Name</Field.Label>
          <Input autoComplete="name" value={form.name} onChange={set('name')} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="email" value={form.email} onChange={set('email')} />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
          <Field.HelperText>At least 8 characters.</Field.HelperText>
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText="Creating your account">
          Register
        </Button>
      </form>
    </Stack>
  );
}
