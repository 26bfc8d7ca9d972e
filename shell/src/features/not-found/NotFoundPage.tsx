import { Button, Heading, Stack, usePageTitle } from '@shop/shared-ui';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Stack py="20" gap="6" align="center" textAlign="center">
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Button asChild colorPalette="teal">
        <Link to="/">Home</Link>
      </Button>
    </Stack>
  );
}
