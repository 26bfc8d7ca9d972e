import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** The one spinner the spec asks for (guards waiting on the session or profile). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
