import { Button, Container, Heading, Stack, Text } from '@shop/shared-ui';
import { useState } from 'react';

export function RemoteUnavailable({ title, onRetry }: { title: string; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Container maxW="2xl" py="16">
      <Stack gap="4" align="center" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          {title} is unavailable
        </Heading>
        <Text color="fg.muted">
          This part of the shop could not be loaded. The rest of the shop still works; please try again in a
          moment.
        </Text>
        <Button
          colorPalette="teal"
          loading={retrying}
          onClick={() => {
            setRetrying(true);
            onRetry();
          }}
        >
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
