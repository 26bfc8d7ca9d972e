import { Box, Button, CloseButton, Portal } from '@shop/shared-ui';
import { Menu as MenuIcon } from 'lucide-react';
import { Suspense, use, useState } from 'react';
import { SideMenu } from '../components/SideMenu.tsx';
import { loadOverlayEntry } from '../hooks/overlays.ts';

/**
 * A phone's admin menu: a button naming the current section, and the drawer it opens. The drawer's code
 * (the overlays entry, 38 KB with its helper) downloads at the first touch of the button, not with every
 * admin page (docs/performance.md, round 5); the drawer mounts from that first opening on.
 */
export function AdminMenuDrawer({ section }: { section: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadOverlayEntry()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={16} aria-hidden="true" />
        Admin menu: {section}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { Drawer } = use(loadOverlayEntry());
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      placement="start"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="xs">
            <Drawer.Header>
              <Drawer.Title>Admin panel</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Box as="nav" aria-label="Admin">
                <SideMenu onNavigate={onClose} />
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close admin menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
