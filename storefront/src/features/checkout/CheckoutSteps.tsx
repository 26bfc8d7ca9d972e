import { Box, CheckIcon, Circle, HStack, Text } from '@shop/shared-ui';

const STEPS = ['Shipping Details', 'Confirm Order', 'Payment'] as const;

/** The three checkout steps as an ordered list; the current one is announced as the current step. */
export function CheckoutSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <Box as="nav" aria-label="Checkout steps" py="6">
      <HStack as="ol" listStyleType="none" gap={{ base: '2', sm: '4' }} justify="center" wrap="wrap">
        {STEPS.map((title, index) => {
          const done = index < current;
          const here = index === current;
          return (
            <HStack as="li" key={title} gap="2" aria-current={here ? 'step' : undefined}>
              <Circle
                size="7"
                fontSize="sm"
                fontWeight="bold"
                bg={done || here ? 'brand.solid' : 'bg.muted'}
                color={done || here ? 'brand.contrast' : 'fg.muted'}
                aria-hidden="true"
              >
                {done ? <CheckIcon size={16} /> : index + 1}
              </Circle>
              <Text fontSize="sm" fontWeight={here ? 'bold' : 'normal'} color={here ? 'fg' : 'fg.muted'}>
                {title}
                {done ? (
                  <Text as="span" srOnly>
                    {' '}
                    (done)
                  </Text>
                ) : null}
              </Text>
              {index < STEPS.length - 1 ? (
                <Box w={{ base: '4', sm: '10' }} h="1px" bg="border" aria-hidden="true" />
              ) : null}
            </HStack>
          );
        })}
      </HStack>
    </Box>
  );
}
