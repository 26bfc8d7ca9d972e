import { Button, Container, Heading, HStack, Link, Stack, Text } from '@shop/shared-ui';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { VersionSkew } from './versionSkew.ts';

interface RemoteUnavailableProps {
  title: string;
  onRetry: () => void;
  /** Set when the remote was refused for version skew rather than unreachable. */
  skew?: VersionSkew | undefined;
}

export function RemoteUnavailable({ title, onRetry, skew }: RemoteUnavailableProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Container maxW="2xl" py="16">
      <Stack gap="4" align="center" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          {skew ? `${title} needs an update` : `${title} is unavailable`}
        </Heading>
        {skew ? (
          <Text color="fg.muted" data-testid="version-skew">
            This part of the shop was built for {skew.pkg} {skew.builtWith}, but the shop runs {skew.pkg}{' '}
            {skew.provided}, so it was not loaded. The rest of the shop still works; it will be back once a
            matching version is released.
          </Text>
        ) : (
          <Text color="fg.muted">
            This part of the shop could not be loaded. The rest of the shop still works; please try again in a
            moment.
          </Text>
        )}
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
        <HStack gap="6">
          <Link asChild color="brand.fg">
            <RouterLink to="/account">Your account</RouterLink>
          </Link>
          <Link asChild color="brand.fg">
            <RouterLink to="/contact">Contact us</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </Container>
  );
}
