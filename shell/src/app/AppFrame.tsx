import { Box, Flex, PageProgress } from '@shop/shared-ui';
import { Suspense, use, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RemoteErrorBoundary } from './remotes/RemoteErrorBoundary.tsx';
import { PartSlot, RenderedPartsContext } from './rendered-part.tsx';

// A page's chunk that will not load (the network dropped, or a shell release replaced the files this page
// was served with) is a page that failed, not a blank shop: the frame stays and Retry loads the page
// again, fresh from the server, as a stale file list needs. A new address starts with a clean boundary.
const reloadPage = () => window.location.reload();

/** The page frame every route renders inside: sticky navbar on top, footer at the bottom of short pages. */
export function AppFrame({ navbar, footer }: { navbar: ReactNode; footer?: ReactNode }) {
  const { pathname } = useLocation();
  const written = use(RenderedPartsContext);
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      {written.navbar ? navbar : <PartSlot name="navbar" />}
      {written.main ? (
        <Box as="main" id="main" flex="1" w="full" maxW="1280px" mx="auto" px={{ base: '4', md: '6' }}>
          {/* The shell's pages arrive as their own chunks (app/routes.tsx). */}
          <RemoteErrorBoundary key={pathname} title="This page" onRetry={reloadPage}>
            <Suspense fallback={<PageProgress label="Loading the page" suspenseFallback />}>
              <Outlet />
            </Suspense>
          </RemoteErrorBoundary>
        </Box>
      ) : (
        <PartSlot name="main" />
      )}
      {written.footer || !footer ? footer : <PartSlot name="footer" />}
    </Flex>
  );
}
