import { Box, Progress } from '@chakra-ui/react';
import { use } from 'react';
import { UnsentSuspenseFallbacks } from './unsent-suspense-fallbacks.ts';

/**
 * A thin bar while a page waits for something quick (DESIGN.md: no spinner where the spec asks for none).
 * It stands in for a whole page, so it holds the viewport: at half height the footer rose into view and
 * jumped when the page arrived (payment page CLS 0.072).
 *
 * `suspenseFallback`: it stands in for code or data a Suspense boundary waits for, so nothing is drawn in a
 * render whose fallbacks are never sent (`UnsentSuspenseFallbacks`). Not where it is a page's own state, as a
 * guard's while the session is checked: the server sends that one (signed-in pages are their frame and
 * that bar), and without it the footer rose into view and jumped (payment page CLS 0.38).
 */
export function PageProgress({
  label = 'Loading',
  suspenseFallback = false,
}: {
  label?: string;
  suspenseFallback?: boolean;
}) {
  const unsent = use(UnsentSuspenseFallbacks);
  if (suspenseFallback && unsent) return null;
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
