import type { Order } from '@shop/shared-api';
import { formatLongDate, Link, Stack, Text, VisuallyHidden } from '@shop/shared-ui';

/** When the parcel left, with whom, and its tracking number: a link to the carrier's page when the shop knows it. */
export function ShipmentInfo({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  const { carrier, trackingNumber, trackingUrl, shippedAt } = shipment;
  return (
    <Stack gap="1">
      <Text>
        Shipped on {formatLongDate(shippedAt)}
        {carrier ? ` with ${carrier}` : ''}
      </Text>
      {trackingNumber ? (
        <Text>
          <Text as="span" fontWeight="semibold">
            Tracking number:
          </Text>{' '}
          {trackingUrl ? (
            <Link
              href={trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              colorPalette="brand"
              variant="underline"
            >
              {trackingNumber}
              {/* The link opens the carrier's site in a new tab: screen readers hear that too. */}
              <VisuallyHidden> (track with {carrier}, opens in a new tab)</VisuallyHidden>
            </Link>
          ) : (
            trackingNumber
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
