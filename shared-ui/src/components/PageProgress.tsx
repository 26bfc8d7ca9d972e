import { Box, Progress } from '@chakra-ui/react';

/** A thin bar while a page waits for something quick (DESIGN.md: no spinner where the spec asks for none). */
export function PageProgress({ label = 'Loading' }: { label?: string }) {
  return (
    <Box minH="50vh" pt="1">
      <Progress.Root value={null} size="xs" colorPalette="brand">
        <Progress.Track aria-label={label}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
