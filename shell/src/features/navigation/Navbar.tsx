import { Box, HStack, IconButton, Link, Spacer } from '@shop/shared-ui';
import { Menu as MenuIcon, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { accountLinks } from './account-links.ts';
import { CartLink } from './CartLink.tsx';
import { mainLinks } from './nav-links.ts';
import { NavbarAccount } from './NavbarAccount.tsx';
import { NavbarSearch } from './NavbarSearch.tsx';
import { useLogout } from './use-logout.ts';

// The phone menu and its animation library (framer-motion, ~40 KB gzip) load on the first tap, not with
// every page: most visits never open it (docs/performance.md).
const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** The sticky bar: shop links, then Login or the Profile link and avatar dropdown. */
export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so closing still plays its exit animation and returns focus.
  const [menuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="bg.panel"
        px="3"
        py="2"
        rounded="md"
        _focusVisible={{ top: '2' }}
      >
        Skip to content
      </Link>
      <HStack maxW="1280px" mx="auto" px={{ base: '4', md: '6' }} py="3" gap={{ base: '2', md: '6' }}>
        <IconButton
          ref={menuButton}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          variant="ghost"
          hideFrom="md"
          // A finger on the button starts the download before the tap ends.
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
        <Link asChild fontWeight="bold" fontSize="lg" color="brand.fg" _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/" aria-label="Shop home">
            <ShoppingBag aria-hidden="true" />
            Shop
          </RouterLink>
        </Link>
        <HStack as="nav" aria-label="Main" gap="5" hideBelow="md">
          {mainLinks.map(({ to, label, end }) => (
            <Link
              key={to}
              asChild
              fontWeight="medium"
              color="fg.muted"
              _hover={{ color: 'fg' }}
              css={{ '&[aria-current=page]': { color: 'brand.fg' } }}
            >
              <NavLink to={to} end={end}>
                {label}
              </NavLink>
            </Link>
          ))}
        </HStack>
        <Spacer />
        <NavbarSearch />
        <CartLink />
        <NavbarAccount />
      </HStack>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            returnFocusTo={menuButton}
            navigation={{ mainLinks, accountLinks, logout }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
