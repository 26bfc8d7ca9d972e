import type { OrderInfo } from '@shop/shared-api';
import { Card, formatRupees, Heading, HStack, Separator, Stack, Text } from '@shop/shared-ui';
import type { ReactNode } from 'react';

/**
 * 'Order Summary': subtotal, shipping, GST and the total, as the confirm page showed them and the payment
 * page charges them, with what the page puts above the figures (the lines) and below them (its action).
 */
export function OrderSummary({
  price,
  before,
  children,
}: {
  price: OrderInfo;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby="order-summary-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" id="order-summary-heading" size="md">
            Order Summary
          </Heading>
          {before}
          <Figure label="Subtotal" value={price.subtotal} />
          <Figure label="Shipping Charges" value={price.shippingCharges} />
          <Figure label="GST (18%)" value={price.tax} />
          <Separator />
          <HStack justify="space-between" fontWeight="bold" fontSize="lg">
            <Text>Total</Text>
            <Text data-testid="order-total">{formatRupees(price.totalPrice)}</Text>
          </HStack>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <HStack justify="space-between">
      <Text>{label}</Text>
      <Text>{formatRupees(value)}</Text>
    </HStack>
  );
}
