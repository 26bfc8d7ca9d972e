import { placeCashOnDeliveryOrder } from '@shop/shared-api';
import { Button, Stack, Text } from '@shop/shared-ui';
import type { CheckoutPayment } from './use-checkout-payment.ts';

/**
 * Cash on delivery (loaded with its first choice): no payment now; the order is placed at once and paid
 * to the courier. The server checks its COD rules again and says why when it refuses.
 */
export default function CashOnDeliveryPanel({
  total,
  payment,
}: {
  /** '₹670.82'. */
  total: string;
  payment: CheckoutPayment;
}) {
  return (
    <Stack gap="4">
      <Text>
        Pay {total} in cash to the courier when your order arrives. The order is placed now and shows as NOT
        PAID until it is delivered.
      </Text>
      <Button
        colorPalette="brand"
        size="lg"
        loading={payment.busy}
        loadingText="Placing your order"
        onClick={() =>
          void payment.placeWithout((draft) =>
            placeCashOnDeliveryOrder({ orderItems: draft.orderItems, shippingInfo: draft.shippingInfo }),
          )
        }
      >
        {`Place Order - ${total}`}
      </Button>
    </Stack>
  );
}
