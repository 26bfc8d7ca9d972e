import { Box, Progress, UnsentSuspenseFallbacks } from '@shop/shared-ui';
import { use } from 'react';

/**
 * A thin bar while a remote's code arrives (DESIGN.md: no spinner where the spec does not ask for one).
 * It fills the viewport so the footer stays below the fold until the page arrives: a shorter placeholder
 * let the footer jump when the storefront rendered (CLS 0.155 in Lighthouse). Only ever a Suspense
 * fallback (RemoteRoutes), so nothing in a render whose fallbacks are never sent (the page server's).
 */
export function RemoteLoading() {
  if (use(UnsentSuspenseFallbacks)) return null;
  return (
    <Box minH="100vh">
      <Progress.Root value={null} size="xs" colorPalette="teal" aria-label="Loading">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
