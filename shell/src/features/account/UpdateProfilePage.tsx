import { Button, Card, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { errorMessage, FALLBACK_MESSAGES, updateProfile } from '@shop/shared-api';
import { currentUserStore, reloadCurrentUser, useCurrentUser } from '@shop/shared-auth';
import { ErrorAlert, toast, UserAvatar, usePageTitle } from '@shop/shared-ui';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isImageFile, readAsDataUrl } from './avatar-file.ts';

interface ProfileErrors {
  name?: string;
  email?: string;
  avatar?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC section 5: name and email required (and the email must look like one). */
export function validateProfile(name: string, email: string): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!name.trim()) errors.name = 'Name is required';
  if (!email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'Please enter a valid email';
  return errors;
}

/** /me/update: name, email and avatar with a preview. */
export function UpdateProfilePage() {
  usePageTitle('Update Profile');
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [avatar, setAvatar] = useState<string | undefined>();
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!isImageFile(file)) {
      event.target.value = '';
      setAvatar(undefined);
      setErrors((current) => ({ ...current, avatar: 'Please choose an image file' }));
      return;
    }
    setErrors(({ avatar: _dropped, ...rest }) => rest);
    setAvatar(await readAsDataUrl(file));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(name, email);
    setErrors(found);
    if (found.name || found.email) return;
    setBusy(true);
    setFailure(null);
    try {
      const updated = await updateProfile({ name: name.trim(), email: email.trim(), avatar });
      currentUserStore.getState().updateSuccess(updated);
      toast.success('Profile Updated Successfully');
      // SPEC section 4: reload the user with a fresh token, then /account replacing this page in history.
      await reloadCurrentUser();
      navigate('/account', { replace: true });
      currentUserStore.getState().resetUpdate();
    } catch (error) {
      setFailure(errorMessage(error, FALLBACK_MESSAGES.updateProfile));
      setBusy(false);
    }
  };

  return (
    <Stack py="10" align="center">
      <Card.Root w="full" maxW="lg">
        <Card.Body>
          <Heading as="h1" size="lg" mb="6">
            Update Profile
          </Heading>
          <Stack asChild gap="5">
            <form onSubmit={submit} noValidate aria-label="Update Profile">
              {failure ? <ErrorAlert message={failure} /> : null}
              <Field.Root required invalid={Boolean(errors.name)}>
                <Field.Label>Name</Field.Label>
                <Input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
                <Field.ErrorText>{errors.name}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.email)}>
                <Field.Label>Email</Field.Label>
                <Input
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.avatar)}>
                <Field.Label>Avatar</Field.Label>
                <HStack gap="4" w="full">
                  <UserAvatar
                    src={avatar ?? user?.avatarUrl ?? '/profile.png'}
                    name={avatar ? 'New' : (user?.name ?? 'Your')}
                    size="lg"
                  />
                  <Input type="file" accept="image/*" onChange={(e) => void pickAvatar(e)} p="1.5" />
                </HStack>
                <Field.HelperText>A square picture looks best.</Field.HelperText>
                <Field.ErrorText>{errors.avatar}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Updating">
                Update
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
