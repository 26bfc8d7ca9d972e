import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/**
 * The one spinner the spec asks for (guards waiting on the session or profile). `fullPage` where it
 * stands in for a whole page: it holds the viewport so the footer stays below the fold and does not jump
 * when the page replaces it (the admin dashboard's CLS was 0.557 with a half-height spinner).
 */
export function PageSpinner({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Center minH={fullPage ? '100vh' : '50vh'} role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
