import {
  FALLBACK_MESSAGES,
  failureMessage,
  queryKeys,
  updateOrderStatus,
  type Order,
  type OrderStatus,
} from '@shop/shared-api';
import { KNOWN_CARRIERS, processOrderRequestSchema } from '@shop/shared-api/schemas';
import {
  Button,
  Card,
  ErrorAlert,
  FormField,
  Heading,
  Input,
  NativeSelect,
  Stack,
  toast,
  useShopForm,
} from '@shop/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { nextStatus } from './order-rules.ts';

// The select starts on its placeholder: Process stays disabled until a real status is chosen, and the
// schema refuses anything else.
const NOT_CHOSEN = '' as OrderStatus;

/**
 * Process Order: offers only the next status (Processing to Shipped, Shipped to Delivered), disabled until
 * one is chosen. Not rendered for a Delivered order.
 */
export function ProcessOrderForm({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const next = nextStatus(order.orderStatus);
  const form = useShopForm({
    schema: processOrderRequestSchema,
    initialValues: { status: NOT_CHOSEN, carrier: '', trackingNumber: '' },
    describeFailure: failureMessage(FALLBACK_MESSAGES.updateOrder),
    onSubmit: async ({ status, carrier, trackingNumber }) => {
      if (status === 'Shipped') await updateOrderStatus(order._id, status, { carrier, trackingNumber });
      else await updateOrderStatus(order._id, status);
      toast.success('Order Updated Successfully');
      form.setValue('status', NOT_CHOSEN);
      form.setValue('carrier', '');
      form.setValue('trackingNumber', '');
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
  if (!next) return null;
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack asChild gap="4">
          <form onSubmit={form.handleSubmit} noValidate aria-labelledby="process-order-heading">
            <Heading as="h2" size="md" id="process-order-heading">
              Process Order
            </Heading>
            {form.failure ? <ErrorAlert message={form.failure} /> : null}
            <FormField label="Status" error={form.errors.status}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.field('status')}>
                  <option value="">Choose status</option>
                  <option value={next}>{next}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {next === 'Shipped' ? (
              <>
                {/* Both optional: the shopper gets a tracking link when the carrier is one the shop knows. */}
                <FormField label="Carrier (optional)" error={form.errors.carrier}>
                  <Input {...form.field('carrier')} list="known-carriers" autoComplete="off" />
                </FormField>
                <datalist id="known-carriers">
                  {Object.keys(KNOWN_CARRIERS).map((carrier) => (
                    <option key={carrier} value={carrier} />
                  ))}
                </datalist>
                <FormField label="Tracking number (optional)" error={form.errors.trackingNumber}>
                  <Input {...form.field('trackingNumber')} autoComplete="off" />
                </FormField>
              </>
            ) : null}
            <Button
              type="submit"
              colorPalette="brand"
              disabled={!form.values.status}
              loading={form.busy}
              loadingText="Processing"
            >
              Process
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
