import {
  cancelOrder,
  failureMessage,
  FALLBACK_MESSAGES,
  orderPaymentsQuery,
  queryKeys,
  type Order,
  type OrderPaymentsResponse,
  type PaymentEvent,
} from '@shop/shared-api';
import {
  Button,
  Card,
  ErrorAlert,
  formatLongDate,
  formatRupees,
  Heading,
  Skeleton,
  Stack,
  Text,
  toast,
} from '@shop/shared-ui';
import { ConfirmDialog } from '@shop/shared-ui/overlays';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../components/list-columns.ts';
import { ListRows } from '../../components/ListRows.tsx';
import { LoadError } from '../../components/ListStates.tsx';
import { RefundLinesForm } from './RefundLinesForm.tsx';

const KIND_LABELS: Record<PaymentEvent['kind'], string> = {
  paid: 'Paid',
  cancel: 'Refund (cancelled)',
  refund: 'Refund (lines)',
  return: 'Refund (returned)',
};

const PAYMENT_COLUMNS: Column<PaymentEvent>[] = [
  {
    header: 'What',
    cell: (payment) => (
      <>
        {KIND_LABELS[payment.kind]}
        {payment.status === 'pending' ? ' (pending at the gateway)' : ''}
        {payment.lines.length ? (
          <Text fontSize="xs" color="fg.muted">
            {payment.lines
              .map((line) => `${line.name} × ${line.quantity}${line.restocked ? ', restocked' : ''}`)
              .join('; ')}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: 'Amount', cell: (payment) => formatRupees(payment.amount), numeric: true },
  { header: 'When', cell: (payment) => formatLongDate(payment.at), nowrap: true },
  { header: 'By', cell: (payment) => payment.by },
];

/** The admin lists' own rows: a table where it fits, a card an entry on a phone (no sideways scroll). */
function PaymentHistory({ payments }: { payments: OrderPaymentsResponse['payments'] }) {
  if (payments.length === 0) return <Text color="fg.muted">No payment yet.</Text>;
  return (
    <ListRows
      caption="Payment history"
      columns={PAYMENT_COLUMNS}
      rows={payments}
      // Entries are never reordered or removed: their place is their identity.
      rowKey={(payment) => `${payments.indexOf(payment)}-${payment.kind}`}
    />
  );
}

/** Cancel with confirmation: the order's stock goes back and what was paid is refunded. */
function CancelOrder({ order, paid }: { order: Order; paid: number }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order._id),
    onSuccess: async () => {
      setAsking(false);
      toast.success('Order Cancelled');
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
    onError: () => setAsking(false),
  });
  const left = paid - order.refundedPrice;
  return (
    <>
      {cancel.isError ? (
        <ErrorAlert message={failureMessage(FALLBACK_MESSAGES.cancelOrder)(cancel.error)} />
      ) : null}
      <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        destructive
        title="Cancel order"
        confirmLabel="Cancel order"
        message={
          left > 0
            ? `Cancel this order? Its stock goes back and ${formatRupees(left)} is refunded to the shopper. This cannot be undone.`
            : 'Cancel this order? Its stock goes back; nothing was paid, so nothing is refunded. This cannot be undone.'
        }
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => {
          if (!cancel.isPending) setAsking(false);
        }}
      />
    </>
  );
}

/** The admin order page's Payments card: history, Cancel order, and refunding or returning lines. */
export function OrderPayments({ order }: { order: Order }) {
  const payments = useQuery(orderPaymentsQuery(order._id));
  const open = order.orderStatus !== 'Delivered' && order.orderStatus !== 'Cancelled';
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md">
            Payment History
          </Heading>
          {payments.isError ? (
            <LoadError error={payments.error} onRetry={() => void payments.refetch()} />
          ) : !payments.data ? (
            <Skeleton h="20" rounded="md" role="status" aria-label="Loading the payment history" />
          ) : (
            <>
              <PaymentHistory payments={payments.data.payments} />
              <Text fontSize="sm">
                Paid {formatRupees(payments.data.paid)}, refunded {formatRupees(payments.data.refunded)}
              </Text>
              {open ? <CancelOrder order={order} paid={payments.data.paid} /> : null}
              {order.orderStatus !== 'Cancelled' && payments.data.paid > payments.data.refunded ? (
                <RefundLinesForm
                  // A fresh form for every new refund: its quantities start from what is left.
                  key={payments.data.payments.length}
                  order={order}
                  answer={payments.data}
                />
              ) : null}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
