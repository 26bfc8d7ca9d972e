import { Box, Progress } from '@chakra-ui/react';

/** A thin bar while a remote's code arrives (DESIGN.md: no spinner where the spec does not ask for one). */
export function RemoteLoading() {
  return (
    <Box minH="60vh">
      <Progress.Root value={null} size="xs" colorPalette="teal" aria-label="Loading">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
