import { errorMessage, queryKeys, type Order } from '@shop/shared-api';
import { Button, ErrorAlert, formatRupees, isPaid, Stack, toast } from '@shop/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { loadOverlayEntry } from '../../hooks/overlays.ts';
import { CANCEL_ORDER_FAILED, cancelMyOrder } from './cancel-my-order.ts';

// From the design system's overlays entry, fetched when the shopper first asks to cancel.
const ConfirmDialog = lazy(async () => ({ default: (await loadOverlayEntry()).ConfirmDialog }));

/** What cancelling does, the shopper's money first. */
export function cancelConsequence(order: Order): string {
  const paid = isPaid(order.paymentInfo.status) ? order.totalPrice - order.refundedPrice : 0;
  return paid > 0
    ? `Its items go back on sale and ${formatRupees(paid)} is refunded to where you paid it from.`
    : 'Its items go back on sale; nothing was paid, so nothing is refunded.';
}

/**
 * Cancel Order, while the order is Processing (once shipped, only the shop can): asks first, then shows
 * the order as the server left it (Cancelled, the refund) and drops the cached lists it changed.
 */
export function CancelOrderButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // Mounted from the first question on, so closing still animates and gives focus back.
  const [asked, setAsked] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelMyOrder(order._id),
    onSuccess: async (cancelled) => {
      setAsking(false);
      queryClient.setQueryData(queryKeys.order(order._id), cancelled);
      toast.success(
        cancelled.refundedPrice > order.refundedPrice
          ? `Order cancelled: ${formatRupees(cancelled.refundedPrice - order.refundedPrice)} is being refunded`
          : 'Order cancelled',
      );
      // Its stock is back on sale, and My Orders lists it as Cancelled.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
      ]);
    },
    onError: () => setAsking(false),
  });
  if (order.orderStatus !== 'Processing') return null;
  return (
    <Stack gap="2" align="start">
      {cancel.isError ? <ErrorAlert message={errorMessage(cancel.error, CANCEL_ORDER_FAILED)} /> : null}
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => {
          setAsked(true);
          setAsking(true);
        }}
      >
        Cancel Order
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={asking}
            destructive
            title="Cancel this order?"
            confirmLabel="Cancel Order"
            // Beside Cancel Order, a plain 'Cancel' would read as the same answer.
            cancelLabel="Keep Order"
            message={cancelConsequence(order)}
            busy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
            onCancel={() => {
              if (!cancel.isPending) setAsking(false);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
