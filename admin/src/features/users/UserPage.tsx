import {
  FALLBACK_MESSAGES,
  failureMessage,
  queryKeys,
  ROLES,
  updateUser,
  userQuery,
  type User,
} from '@shop/shared-api';
import { adminUpdateUserRequestSchema } from '@shop/shared-api/schemas';
import {
  Button,
  Card,
  ErrorAlert,
  FormField,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  toast,
  useShopForm,
} from '@shop/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../components/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const roleLabels = { admin: 'Admin', user: 'User' } as const;

function UserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useShopForm({
    schema: adminUpdateUserRequestSchema,
    initialValues: { name: user.name, email: user.email, role: user.role },
    describeFailure: failureMessage(FALLBACK_MESSAGES.updateUser),
    onSubmit: async (values) => {
      await updateUser(user._id, values);
      // Names show in orders and reviews too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
      toast.success('User Updated Successfully');
      navigate('/admin/users');
    },
  });
  return (
    <Stack asChild gap="5">
      <form onSubmit={form.handleSubmit} noValidate aria-label="Update User">
        {form.failure ? <ErrorAlert message={form.failure} /> : null}
        <FormField label="Name" error={form.errors.name} required>
          <Input autoComplete="off" {...form.field('name')} />
        </FormField>
        <FormField label="Email" error={form.errors.email} required>
          <Input type="email" autoComplete="off" {...form.field('email')} />
        </FormField>
        <FormField label="Role" error={form.errors.role}>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.field('role')}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={form.busy}
          loadingText="Updating"
          disabled={form.succeeded}
        >
          Update
        </Button>
      </form>
    </Stack>
  );
}

/** /admin/user/{id}: name, email and role; 'User Updated Successfully', then the list. */
export function UserPage() {
  const { id = '' } = useParams();
  const user = useQuery(userQuery(id));
  return (
    <>
      <PageHeader title="Update User">
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/users">
            <ArrowLeft size={16} aria-hidden="true" /> Users
          </Link>
        </Button>
      </PageHeader>
      <Card.Root maxW="xl">
        <Card.Body>
          {user.isError ? (
            <LoadError error={user.error} onRetry={() => void user.refetch()} />
          ) : user.data ? (
            <UserForm key={user.data.user._id} user={user.data.user} />
          ) : (
            <Stack gap="5" role="status" aria-label="Loading the user">
              {[1, 2, 3].map((row) => (
                <Stack key={row} gap="2">
                  <Skeleton h="4" w="20" />
                  <Skeleton h="10" />
                </Stack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}
