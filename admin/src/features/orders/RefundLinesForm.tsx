import {
  failureMessage,
  FALLBACK_MESSAGES,
  queryKeys,
  refundOrderLines,
  type Order,
  type OrderPaymentsResponse,
} from '@shop/shared-api';
import {
  Button,
  ErrorAlert,
  FormField,
  Heading,
  Input,
  NativeSelect,
  Stack,
  toast,
  useShopForm,
} from '@shop/shared-ui';
import { ConfirmDialog } from '@shop/shared-ui/overlays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { refundLinesFormSchema } from '@shop/shared-api/schemas';

type Request = Parameters<typeof refundOrderLines>[1];

/**
 * Refund chosen lines (an order not delivered: they go back in stock) or record a return (a delivered
 * order: back in stock or not), asked for confirmation first. The server computes the amount.
 */
export function RefundLinesForm({ order, answer }: { order: Order; answer: OrderPaymentsResponse }) {
  const queryClient = useQueryClient();
  const returning = order.orderStatus === 'Delivered';
  const lines = answer.lines;
  const refundsSeen = answer.payments.filter((payment) => payment.kind !== 'paid').length;
  const schema = useMemo(() => refundLinesFormSchema(lines), [lines]);
  const [asking, setAsking] = useState<Request | null>(null);
  const refund = useMutation({
    mutationFn: (request: Request) => refundOrderLines(order._id, request),
    onSuccess: async () => {
      setAsking(null);
      toast.success(returning ? 'Return Recorded' : 'Lines Refunded');
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
    onError: () => setAsking(null),
  });
  const form = useShopForm({
    schema,
    initialValues: {
      ...Object.fromEntries(lines.map((_, index) => [`line${index}`, '0'])),
      restock: 'yes',
    } as { restock: 'yes' | 'no' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.refundOrder),
    onSubmit: (values) => {
      const fields = values as Record<string, unknown>;
      const chosen = lines
        .map((line, index) => ({ product: line.product, quantity: Number(fields[`line${index}`] || 0) }))
        .filter((line) => line.quantity > 0);
      setAsking(
        returning
          ? { kind: 'return', lines: chosen, restock: values.restock === 'yes', refundsSeen }
          : { kind: 'refund', lines: chosen, refundsSeen },
      );
    },
  });
  if (!lines.some((line) => line.refundable > 0)) return null;
  const title = returning ? 'Record a return' : 'Refund lines';
  // The line fields are named at run time (line0, line1 …), which the form's typed field() cannot know.
  const field = (name: string) => {
    const props = form.field(name as 'restock');
    return { ...props, value: String(props.value ?? '') };
  };
  return (
    <Stack asChild gap="3">
      <form onSubmit={form.handleSubmit} noValidate aria-labelledby="refund-lines-heading">
        <Heading as="h3" size="sm" id="refund-lines-heading">
          {title}
        </Heading>
        {form.failure ? <ErrorAlert message={form.failure} /> : null}
        {refund.isError ? (
          <ErrorAlert message={failureMessage(FALLBACK_MESSAGES.refundOrder)(refund.error)} />
        ) : null}
        {lines.map((line, index) =>
          line.refundable > 0 ? (
            <FormField
              key={line.product}
              label={`${line.name} (up to ${line.refundable})`}
              error={form.errors[`line${index}`]}
            >
              <Input
                {...field(`line${index}`)}
                type="number"
                inputMode="numeric"
                min={0}
                max={line.refundable}
              />
            </FormField>
          ) : null,
        )}
        {returning ? (
          <FormField label="Put the returned units back in stock" error={form.errors.restock}>
            <NativeSelect.Root>
              <NativeSelect.Field {...field('restock')}>
                <option value="yes">Yes, they can be sold again</option>
                <option value="no">No (damaged or not resellable)</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : null}
        <Button type="submit" variant="outline" colorPalette="red" loading={refund.isPending}>
          {returning ? 'Refund the return' : 'Refund the lines'}
        </Button>
        <ConfirmDialog
          open={asking !== null}
          destructive
          title={title}
          confirmLabel="Refund"
          message={`Refund ${asking?.lines.map((chosen) => `${chosen.quantity} × ${lines.find((line) => line.product === chosen.product)?.name}`).join(', ')} to the shopper? The amount goes back through the way they paid. This cannot be undone.`}
          busy={refund.isPending}
          onConfirm={() => {
            if (asking) refund.mutate(asking);
          }}
          onCancel={() => {
            if (!refund.isPending) setAsking(null);
          }}
        />
      </form>
    </Stack>
  );
}
