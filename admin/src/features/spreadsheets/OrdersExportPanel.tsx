import { errorMessage, FALLBACK_MESSAGES, getOrdersCsv, saveFile } from '@shop/shared-api';
import { orderExportFormSchema } from '@shop/shared-api/schemas';
import {
  Button,
  Card,
  ErrorAlert,
  FormField,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
  useShopForm,
} from '@shop/shared-ui';
import { useState } from 'react';
import { EMPTY_ORDERS_CSV_BYTES, lastThirtyDays, orderExportQueryOf, ordersCsvName } from './csv-files.ts';

interface OrdersExportPanelProps {
  onClose: () => void;
}

/**
 * Export the orders placed between two days (inclusive, in the admin's time zone; blank is open) as a CSV
 * of their lines: order id, date, customer email, status, product, quantity, unit price and the totals in
 * rupees. A range without orders says so instead of downloading an empty file.
 */
export function OrdersExportPanel({ onClose }: OrdersExportPanelProps) {
  const [empty, setEmpty] = useState(false);
  const form = useShopForm({
    schema: orderExportFormSchema,
    initialValues: lastThirtyDays(),
    describeFailure: (error) => errorMessage(error, FALLBACK_MESSAGES.exportOrders),
    onSubmit: async (days) => {
      setEmpty(false);
      const file = await getOrdersCsv(orderExportQueryOf(days));
      if (file.size <= EMPTY_ORDERS_CSV_BYTES) setEmpty(true);
      else saveFile(file, ordersCsvName(days));
    },
  });
  return (
    <Card.Root as="section" aria-labelledby="orders-export-title" variant="outline">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id="orders-export-title">
            Export orders as CSV
          </Heading>
          <form onSubmit={form.handleSubmit} noValidate aria-label="Export orders as CSV">
            <Stack gap="3">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" maxW="lg">
                <FormField label="From" error={form.errors.from}>
                  <Input type="date" {...form.field('from')} />
                </FormField>
                <FormField label="To" error={form.errors.to}>
                  <Input type="date" {...form.field('to')} />
                </FormField>
              </SimpleGrid>
              <Text fontSize="sm" color="fg.muted">
                One row per order line, prices and totals in rupees. Leave a date blank for no bound.
              </Text>
              <HStack gap="2">
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="sm"
                  loading={form.busy}
                  loadingText="Exporting…"
                >
                  Download CSV
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={onClose}>
                  Close
                </Button>
              </HStack>
            </Stack>
          </form>
          {form.failure ? <ErrorAlert message={form.failure} /> : null}
          {empty ? (
            <Text role="status" color="fg.muted">
              No orders were placed in that range: there is nothing to export.
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
