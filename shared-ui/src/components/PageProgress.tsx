import { Box, Progress } from '@chakra-ui/react';
import { use } from 'react';
import { UnsentLoadingStates } from './unsent-loading-states.ts';

/**
 * A thin bar while a page waits for something quick (DESIGN.md: no spinner where the spec asks for none).
 * It stands in for a whole page, so it holds the viewport: at half height the footer rose into view and
 * jumped when the page arrived (payment page CLS 0.072). Nothing where it would never be shown.
 */
export function PageProgress({ label = 'Loading' }: { label?: string }) {
  if (use(UnsentLoadingStates)) return null;
  return (
    <Box minH="100vh" pt="1">
      <Progress.Root value={null} size="xs" colorPalette="brand">
        <Progress.Track aria-label={label}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
