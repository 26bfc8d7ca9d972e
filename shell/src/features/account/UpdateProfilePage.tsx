import { FALLBACK_MESSAGES, failureMessage, updateProfile } from '@shop/shared-api';
import { profileFormSchema } from '@shop/shared-api/schemas';
import { currentUserStore, reloadCurrentUser, useCurrentUser, useSession } from '@shop/shared-auth';
import {
  Button,
  Card,
  ErrorAlert,
  FormField,
  Heading,
  HStack,
  Input,
  Stack,
  toast,
  usePageTitle,
  UserAvatar,
  useShopForm,
} from '@shop/shared-ui';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { readAsDataUrl } from './avatar-file.ts';

/** /me/update: name, email and avatar with a preview (rules: updateProfileRequestSchema). */
export function UpdateProfilePage() {
  usePageTitle('Update Profile');
  const { user } = useCurrentUser();
  const { provider } = useSession();
  const navigate = useNavigate();
  const form = useShopForm({
    schema: profileFormSchema(user?.email ?? ''),
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      avatar: undefined as string | undefined,
      currentPassword: undefined as string | undefined,
    },
    describeFailure: failureMessage(FALLBACK_MESSAGES.updateProfile),
    onSubmit: async (profile) => {
      const updated = await updateProfile(profile);
      currentUserStore.getState().updateSuccess(updated);
      toast.success('Profile Updated Successfully');
      // Product rule: reload the user with a fresh token, then /account replacing this page in history.
      await reloadCurrentUser();
      navigate('/account', { replace: true });
      currentUserStore.getState().resetUpdate();
    },
  });

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return form.setValue('avatar', undefined);
    // The schema refuses anything but an image's data URL; a file that is not one is not read at all.
    form.setValue(
      'avatar',
      file.type.startsWith('image/') ? await readAsDataUrl(file) : `data:${file.type},`,
    );
  };
  const preview = form.values.avatar?.startsWith('data:image/') ? form.values.avatar : undefined;

  return (
    <Stack py="10" align="center">
      <Card.Root w="full" maxW="lg">
        <Card.Body>
          <Heading as="h1" size="lg" mb="6">
            Update Profile
          </Heading>
          <Stack asChild gap="5">
            <form onSubmit={form.handleSubmit} noValidate aria-label="Update Profile">
              {form.failure ? <ErrorAlert message={form.failure} /> : null}
              <FormField label="Name" error={form.errors.name} required>
                <Input autoComplete="name" {...form.field('name')} />
              </FormField>
              <FormField label="Email" error={form.errors.email} required>
                <Input type="email" autoComplete="email" {...form.field('email')} />
              </FormField>
              {/* An email change is a takeover path: the local account's password confirms it. */}
              {provider === 'local' && form.values.email.trim().toLowerCase() !== (user?.email ?? '') ? (
                <FormField
                  label="Current Password"
                  error={form.errors.currentPassword}
                  required
                  helperText="Needed to change your email."
                >
                  <Input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
                </FormField>
              ) : null}
              <FormField label="Avatar" error={form.errors.avatar} helperText="A square picture looks best.">
                <HStack gap="4" w="full">
                  <UserAvatar
                    src={preview ?? user?.avatarUrl ?? '/profile.png'}
                    name={preview ? 'New' : (user?.name ?? 'Your')}
                    size="lg"
                  />
                  <Input
                    name="avatar"
                    type="file"
                    accept="image/*"
                    onChange={(e) => void pickAvatar(e)}
                    p="1.5"
                  />
                </HStack>
              </FormField>
              <Button type="submit" colorPalette="brand" loading={form.busy} loadingText="Updating">
                Update
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
