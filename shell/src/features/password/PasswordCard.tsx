import { Card, ErrorAlert, Heading, Stack, SuccessAlert } from '@shop/shared-ui';
import type { ReactNode } from 'react';

interface PasswordCardProps {
  title: string;
  error: string | null;
  success: string | null;
  children: ReactNode;
}

/** The frame the three password screens share: a titled card with the error or success message on top. */
export function PasswordCard({ title, error, success, children }: PasswordCardProps) {
  return (
    <Stack py="10" align="center">
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <Stack gap="5">
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            {error ? <ErrorAlert message={error} /> : null}
            {success ? <SuccessAlert message={success} /> : null}
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
