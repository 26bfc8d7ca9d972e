import { Box, Flex, PageProgress } from '@shop/shared-ui';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

/** The page frame every route renders inside: sticky navbar on top, footer at the bottom of short pages. */
export function AppFrame({ navbar, footer }: { navbar: ReactNode; footer?: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      {navbar}
      <Box as="main" id="main" flex="1" w="full" maxW="1280px" mx="auto" px={{ base: '4', md: '6' }}>
        {/* The shell's pages with a form arrive as their own chunks (app/routes.tsx). */}
        <Suspense fallback={<PageProgress label="Loading the page" />}>
          <Outlet />
        </Suspense>
      </Box>
      {footer}
    </Flex>
  );
}
