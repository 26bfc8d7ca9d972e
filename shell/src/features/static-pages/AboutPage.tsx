import { Heading, Stack, Text } from '@chakra-ui/react';

export function AboutPage() {
  return (
    <Stack py="10" gap="4">
      <Heading as="h1">About Us</Heading>
      <Text>We sell quality products at fair prices in rupees.</Text>
    </Stack>
  );
}
