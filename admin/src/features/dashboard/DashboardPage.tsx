import { Heading, Stack, Text } from '@shop/shared-ui';

export function DashboardPage() {
  return (
    <Stack py="10" gap="4">
      <Heading as="h1">Dashboard</Heading>
      <Text color="fg.muted">Revenue, products, orders and users will show here.</Text>
    </Stack>
  );
}
