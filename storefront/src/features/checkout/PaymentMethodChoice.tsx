import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PaymentMethodOffer } from '@shop/shared-api';
import { Box, Fieldset, HStack, Stack, Text } from '@shop/shared-ui';

/**
 * 'Pay by': Card, UPI, Cash on delivery as one native radio group (arrow keys move between them, the
 * checked one is a single tab stop). Card is always there and checked first, so the page opens on the
 * spec's card screen; every method keeps its place, the others enabled when the api says the server
 * would take them, a refused one disabled and described by the server's reason (MethodReasons).
 */
export function PaymentMethodChoice({
  offers,
  value,
  onChange,
  onIntent,
}: {
  offers: PaymentMethodOffer[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** A pointer or focus on a method: its panel's code may start loading before the click. */
  onIntent?: (method: PaymentMethod) => void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold">
        Pay by
      </Fieldset.Legend>
      <HStack gap="2" wrap="wrap" mt="2">
        {offers.map((offer) => (
          <Box
            as="label"
            key={offer.method}
            display="flex"
            alignItems="center"
            gap="2"
            px="3"
            py="2"
            minH="10"
            borderWidth="1px"
            rounded="md"
            cursor={offer.available ? 'pointer' : 'not-allowed'}
            opacity={offer.available ? 1 : 0.6}
            borderColor={value === offer.method ? 'colorPalette.solid' : 'border'}
            colorPalette="brand"
            _focusWithin={{
              outline: '2px solid',
              outlineColor: 'colorPalette.focusRing',
              outlineOffset: '2px',
            }}
            onPointerEnter={() => onIntent?.(offer.method)}
          >
            <input
              type="radio"
              name="payment-method"
              value={offer.method}
              checked={value === offer.method}
              disabled={!offer.available}
              aria-describedby={offer.reason ? `payment-method-${offer.method}-reason` : undefined}
              onFocus={() => onIntent?.(offer.method)}
              onChange={() => onChange(offer.method)}
            />
            {PAYMENT_METHOD_LABELS[offer.method]}
          </Box>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}

/**
 * Why a method is off, in the server's words, each line the description of its radio (by id). Rendered
 * below the method's panel so a reason that arrives late moves nothing the shopper is looking at.
 */
export function MethodReasons({ offers }: { offers: PaymentMethodOffer[] }) {
  const refused = offers.filter((offer) => offer.reason);
  if (refused.length === 0) return null;
  return (
    <Stack gap="1">
      {refused.map((offer) => (
        <Text key={offer.method} id={`payment-method-${offer.method}-reason`} fontSize="sm" color="fg.muted">
          {offer.reason}
        </Text>
      ))}
    </Stack>
  );
}
