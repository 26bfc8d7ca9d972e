import { Button, Container, Heading, Stack, Text } from '@shop/shared-ui';

/** The configured sign-in provider failed to start: say so, offer a reload. Never a blank page. */
export function SessionUnavailable({ message }: { message: string | null }) {
  return (
    <Container maxW="2xl" py="16">
      <Stack gap="4" align="center" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          Sign-in is unavailable
        </Heading>
        <Text color="fg.muted">
          {message ?? 'The sign-in service could not be loaded.'} The rest of the shop still works.
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Container>
  );
}
