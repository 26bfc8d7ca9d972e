import { Box, Button, CloseButton, Grid, PageProgress, Portal, Stack, Text } from '@shop/shared-ui';
import { Drawer } from '@shop/shared-ui/overlays';
import { Menu as MenuIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { currentMenuItem } from '../components/admin-menu.ts';
import { SideMenu } from '../components/SideMenu.tsx';

/**
 * The admin frame inside the shop's frame: a side menu on desktop, a drawer behind a menu button on phones
 * (DESIGN.md), the page on the right. Each page is its own chunk; a thin bar shows while one arrives.
 */
export function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const section = currentMenuItem(pathname)?.label ?? 'Admin';
  return (
    <Grid
      templateColumns={{ base: '1fr', md: '13rem 1fr' }}
      gap={{ base: '4', md: '8' }}
      py={{ base: '4', md: '8' }}
    >
      <Box as="nav" aria-label="Admin" hideBelow="md" position="sticky" top="20" alignSelf="start">
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" px="3" mb="2">
          Admin panel
        </Text>
        <SideMenu />
      </Box>

      <Box hideFrom="md">
        <Drawer.Root
          open={drawerOpen}
          onOpenChange={(details) => setDrawerOpen(details.open)}
          placement="start"
        >
          <Drawer.Trigger asChild>
            <Button variant="outline" size="sm" aria-label={`Admin menu (${section})`}>
              <MenuIcon size={16} aria-hidden="true" />
              Admin menu: {section}
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="xs">
                <Drawer.Header>
                  <Drawer.Title>Admin panel</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Box as="nav" aria-label="Admin">
                    <SideMenu onNavigate={() => setDrawerOpen(false)} />
                  </Box>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close admin menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Box>

      <Stack gap="6" minW="0">
        <Suspense fallback={<PageProgress label="Loading the page" />}>
          <Outlet />
        </Suspense>
      </Stack>
    </Grid>
  );
}
