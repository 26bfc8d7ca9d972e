import { Button, EmptyState, usePageTitle } from '@shop/shared-ui';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';

/** `/success`: the order is placed. */
export default function SuccessPage() {
  usePageTitle('Order Placed');
  return (
    <EmptyState.Root py="16">
      <EmptyState.Content>
        <EmptyState.Indicator color="green.solid">
          <CircleCheck aria-hidden="true" />
        </EmptyState.Indicator>
        <EmptyState.Title as="h1" fontSize="2xl">
          Order Placed Successfully
        </EmptyState.Title>
        <Button asChild colorPalette="brand">
          <Link to="/orders/me">View Orders</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
