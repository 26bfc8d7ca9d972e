import { Box, Button, CloseButton, Heading, Link, Stack, UserAvatar } from '@shop/shared-ui';
import { useCurrentUser, useSession } from '@shop/shared-auth';
import { useCartCount } from '@shop/shared-cart';
import { AnimatePresence, motion, useReducedMotion } from 'framer-motion';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import type { accountLinks } from './account-links.ts';
import type { mainLinks } from './nav-links.ts';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** Focus goes back here when the menu closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /**
   * The links and logout the navbar already holds, handed over rather than imported: imported by this lazy
   * chunk and by the navbar, they became one more script on every page (docs/performance.md).
   */
  navigation: { mainLinks: typeof mainLinks; accountLinks: typeof accountLinks; logout: () => Promise<void> };
}

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the open panel (it is modal) and closes on Escape. */
function trapKeys(event: KeyboardEvent<HTMLElement>, onClose: () => void) {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusable));
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The phone menu: slides in from the left (framer-motion, under 250 ms, none with reduced motion). */
export function MobileMenu({ open, onClose, returnFocusTo, navigation }: MobileMenuProps) {
  const { mainLinks, accountLinks, logout } = navigation;
  const panel = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  const { isSignedIn } = useSession();
  const { user, isAdmin } = useCurrentUser();
  const cartCount = useCartCount();
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      panel.current?.querySelector<HTMLElement>(focusable)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  const linkStyle = {
    display: 'block',
    px: '3',
    py: '2',
    rounded: 'md',
    fontWeight: 'medium',
    _hover: { bg: 'bg.muted', textDecoration: 'none' },
    '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.muted' },
  } as const;

  return (
    <AnimatePresence>
      {open ? (
        <Box position="fixed" inset="0" zIndex="modal" hideFrom="md">
          <Box asChild position="absolute" inset="0" bg="blackAlpha.600">
            <motion.div
              initial={{ opacity: 0 }}
              animate={{ opacity: 1 }}
              exit={{ opacity: 0 }}
              transition={{ duration: reduceMotion ? 0 : 0.2 }}
              onClick={onClose}
              data-testid="mobile-menu-backdrop"
            />
          </Box>
          <Box
            asChild
            position="absolute"
            top="0"
            bottom="0"
            left="0"
            w="80%"
            maxW="xs"
            bg="bg.panel"
            shadow="xl"
            p="4"
            overflowY="auto"
          >
            <motion.div
              ref={panel}
              id="mobile-menu"
              role="dialog"
              aria-modal="true"
              aria-label="Menu"
              initial={reduceMotion ? { opacity: 0 } : { x: '-100%' }}
              animate={reduceMotion ? { opacity: 1 } : { x: 0 }}
              exit={reduceMotion ? { opacity: 0 } : { x: '-100%' }}
              transition={{ duration: reduceMotion ? 0 : 0.22, ease: 'easeOut' }}
              onKeyDown={(event) => trapKeys(event, onClose)}
            >
              <Stack gap="1">
                <Box display="flex" alignItems="center" justifyContent="space-between" mb="2">
                  <Heading as="h2" size="md">
                    Menu
                  </Heading>
                  <CloseButton aria-label="Close menu" onClick={onClose} />
                </Box>
                {user ? (
                  <Box display="flex" alignItems="center" gap="3" px="3" py="2">
                    <UserAvatar src={user.avatarUrl} name={user.name} size="md" />
                    <Box fontWeight="semibold">{user.name}</Box>
                  </Box>
                ) : null}
                <Box as="nav" aria-label="Mobile">
                  {mainLinks.map((link) => (
                    <Link key={link.to} asChild {...linkStyle}>
                      <NavLink to={link.to} end={link.end} onClick={onClose}>
                        {link.label}
                      </NavLink>
                    </Link>
                  ))}
                  {isSignedIn
                    ? accountLinks({ isAdmin, cartCount }).map((link) => (
                        <Link key={link.to} asChild {...linkStyle}>
                          <NavLink to={link.to} onClick={onClose}>
                            {link.label}
                          </NavLink>
                        </Link>
                      ))
                    : null}
                </Box>
                {isSignedIn ? (
                  <Button
                    variant="outline"
                    colorPalette="red"
                    mt="2"
                    onClick={() => {
                      onClose();
                      void logout();
                    }}
                  >
                    Logout
                  </Button>
                ) : (
                  <Button asChild colorPalette="brand" mt="2">
                    <NavLink to="/login" onClick={onClose}>
                      Login
                    </NavLink>
                  </Button>
                )}
              </Stack>
            </motion.div>
          </Box>
        </Box>
      ) : null}
    </AnimatePresence>
  );
}
