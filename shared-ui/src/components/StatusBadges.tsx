import { Badge } from '@chakra-ui/react';
import { isPaid } from '@shop/shared-contract';

/** Product rule (docs/product.md, orders): Delivered green, Processing yellow, anything else red. */
export function orderStatusPalette(status: string): 'green' | 'yellow' | 'red' {
  if (status === 'Delivered') return 'green';
  if (status === 'Processing') return 'yellow';
  return 'red';
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={orderStatusPalette(status)} variant="subtle" size="md">
      {status}
    </Badge>
  );
}

/** Money given back (issue 29): REFUNDED when all of it, PARTLY REFUNDED when some; nothing otherwise. */
export function RefundBadge({ refunded, total }: { refunded: number; total: number }) {
  if (refunded <= 0) return null;
  return (
    <Badge colorPalette="purple" variant="subtle" size="md">
      {refunded >= total ? 'REFUNDED' : 'PARTLY REFUNDED'}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  const paid = isPaid(status);
  return (
    <Badge colorPalette={paid ? 'green' : 'red'} variant="subtle" size="md">
      {paid ? 'PAID' : 'NOT PAID'}
    </Badge>
  );
}
