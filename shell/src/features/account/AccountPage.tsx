import {
  Badge,
  Box,
  Button,
  Card,
  ErrorAlert,
  formatLongDate,
  Grid,
  Heading,
  HStack,
  Skeleton,
  SkeletonCircle,
  Stack,
  Text,
  usePageTitle,
  UserAvatar,
} from '@shop/shared-ui';
import { reloadCurrentUser, useCurrentUser } from '@shop/shared-auth';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PromoteToAdminBox } from './PromoteToAdminBox.tsx';

function AccountSkeleton() {
  return (
    <Stack py="10" gap="6" aria-busy="true" aria-label="Loading your account">
      <Skeleton h="8" w="48" />
      <HStack gap="6">
        <SkeletonCircle size="32" />
        <Stack flex="1" gap="3">
          <Skeleton h="5" w="60%" />
          <Skeleton h="5" w="40%" />
          <Skeleton h="5" w="30%" />
        </Stack>
      </HStack>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" m="0" fontWeight="medium">
        {children}
      </Text>
    </Box>
  );
}

/** /account: who is signed in, links to their pages, and for non-admins the Promote to Admin box. */
export function AccountPage() {
  usePageTitle('My Account');
  const { user, isAdmin, profileStatus, error } = useCurrentUser();

  if (profileStatus === 'loading' || (profileStatus === 'idle' && !user)) return <AccountSkeleton />;
  if (!user) {
    return (
      <Stack py="10" gap="4">
        <Heading as="h1" size="xl">
          My Account
        </Heading>
        <Text>No user found</Text>
        {error ? <ErrorAlert message={error} onRetry={() => void reloadCurrentUser()} /> : null}
      </Stack>
    );
  }

  return (
    <Stack py="10" gap="8">
      <Heading as="h1" size="xl">
        My Account
      </Heading>
      <Card.Root>
        <Card.Body>
          <Grid templateColumns={{ base: '1fr', md: 'auto 1fr' }} gap="8" alignItems="center">
            <Stack align="center" gap="3">
              <UserAvatar src={user.avatarUrl} name={user.name} size="xl" />
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to="/me/update">Edit Profile</RouterLink>
              </Button>
            </Stack>
            <Stack gap="4" as="dl" m="0">
              <Detail label="Full Name">{user.name}</Detail>
              <Detail label="Email">{user.email || 'N/A'}</Detail>
              <Detail label="Member Since">{formatLongDate(user.createdAt)}</Detail>
              <Detail label="Role">
                <Badge colorPalette={isAdmin ? 'purple' : 'gray'} size="md">
                  {isAdmin ? 'Admin' : 'Customer'}
                </Badge>
              </Detail>
            </Stack>
          </Grid>
        </Card.Body>
      </Card.Root>
      <HStack as="nav" aria-label="Account" gap="3" wrap="wrap">
        <Button asChild variant="outline">
          <RouterLink to="/orders/me">My Orders</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/password/update">Change Password</RouterLink>
        </Button>
        {isAdmin ? (
          <Button asChild variant="outline">
            <RouterLink to="/admin/dashboard">Admin Dashboard</RouterLink>
          </Button>
        ) : null}
      </HStack>
      {isAdmin ? null : <PromoteToAdminBox />}
    </Stack>
  );
}
