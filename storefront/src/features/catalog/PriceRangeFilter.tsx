import { PRICE_MAX, PRICE_MIN } from '@shop/shared-api';
import { formatRupees, Heading, HStack, Stack, Text } from '@shop/shared-ui';
import { Slider } from '@shop/shared-ui/slider';
import { useState } from 'react';

const STEP = 100;

/**
 * The two-thumb price slider (0 to 25,000). It moves freely while dragged (or stepped with the arrow keys)
 * and asks for a new list only when let go, so a drag is one request, not fifty.
 */
export function PriceRangeFilter({
  value,
  onCommit,
}: {
  value: [number, number];
  onCommit: (range: [number, number]) => void;
}) {
  const [draft, setDraft] = useState<[number, number]>(value);
  // The address changed (back button, Clear filters): follow it.
  const [shown, setShown] = useState(value);
  if (shown[0] !== value[0] || shown[1] !== value[1]) {
    setShown(value);
    setDraft(value);
  }
  const [low, high] = draft;
  return (
    <Stack gap="2">
      {/* A heading, not the slider's label: each thumb is named by its own end of the range. */}
      <Heading as="h2" size="sm">
        Price
      </Heading>
      <Slider.Root
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={STEP}
        minStepsBetweenThumbs={1}
        value={draft}
        onValueChange={(details) => setDraft([details.value[0] ?? PRICE_MIN, details.value[1] ?? PRICE_MAX])}
        onValueChangeEnd={(details) =>
          onCommit([details.value[0] ?? PRICE_MIN, details.value[1] ?? PRICE_MAX])
        }
        colorPalette="brand"
        thumbAlignment="contain"
        getAriaValueText={(details) => formatRupees(details.value)}
        // Each thumb says which end of the range it moves.
        aria-label={['Minimum price', 'Maximum price']}
      >
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumb index={0}>
            <Slider.HiddenInput />
          </Slider.Thumb>
          <Slider.Thumb index={1}>
            <Slider.HiddenInput />
          </Slider.Thumb>
        </Slider.Control>
        <HStack justify="space-between">
          <Text fontSize="sm" color="fg.muted">
            {formatRupees(low)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {formatRupees(high)}
          </Text>
        </HStack>
      </Slider.Root>
    </Stack>
  );
}
