import { Button, EmptyState } from '@shop/shared-ui';
import { Link } from 'react-router-dom';

/** Something the address names does not exist (or is not the shopper's): say so and offer a way on. */
export function NotFoundState({
  title,
  linkTo,
  linkLabel,
}: {
  title: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <EmptyState.Root py="16">
      <EmptyState.Content>
        <EmptyState.Title as="h1" fontSize="2xl">
          {title}
        </EmptyState.Title>
        <EmptyState.Description>It may have been removed, or the link is mistyped.</EmptyState.Description>
        <Button asChild colorPalette="brand">
          <Link to={linkTo}>{linkLabel}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
