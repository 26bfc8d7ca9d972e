import { EmptyState, ErrorAlert, Stack } from '@shop/shared-ui';
import type { ReactNode } from 'react';

/** The spec's empty text plus the action that fills the list (DESIGN.md: empty states). */
export function EmptyList({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="md">
      <EmptyState.Content>
        <Stack textAlign="center" align="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A failed load where the content would be, with Retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong';
  return <ErrorAlert message={message} onRetry={onRetry} />;
}
