import { Box, Grid, PageProgress, Stack, Text } from '@shop/shared-ui';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { currentMenuItem } from '../components/admin-menu.ts';
import { SideMenu } from '../components/SideMenu.tsx';
import { AdminMenuDrawer } from './AdminMenuDrawer.tsx';

/**
 * The admin frame inside the shop's frame: a side menu on desktop, a drawer behind a menu button on phones
 * (DESIGN.md), the page on the right. Each page is its own chunk; a thin bar shows while one arrives.
 */
export function AdminLayout() {
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
        <AdminMenuDrawer section={section} />
      </Box>

      <Stack gap="6" minW="0">
        <Suspense fallback={<PageProgress label="Loading the page" suspenseFallback />}>
          <Outlet />
        </Suspense>
      </Stack>
    </Grid>
  );
}
