import { Box, Button, HStack, IconButton, Link, loadOverlays, Skeleton, Spacer } from '@shop/shared-ui';
import { useCurrentUser, useSession } from '@shop/shared-auth';
import { Menu as MenuIcon, ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { accountLinks } from './account-links.ts';
import { CartLink } from './CartLink.tsx';
import { mainLinks } from './nav-links.ts';
import { NavbarSearch } from './NavbarSearch.tsx';
import { useLogout } from './use-logout.ts';
import { UserMenu } from './UserMenu.tsx';

// The phone menu and its animation library (framer-motion, ~40 KB gzip) load on the first tap, not with
// every page: most visits never open it (docs/performance.md).
const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** The sticky bar: shop links, then Login or the Profile link and avatar dropdown. */
export function Navbar() {
  const { status, isSignedIn } = useSession();
  const { user, isAdmin } = useCurrentUser();
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
          {mainLinks.map(({ to, label }) => (
            <Link
              key={to}
              asChild
              fontWeight="medium"
              color="fg.muted"
              _hover={{ color: 'fg' }}
              css={{ '&[aria-current=page]': { color: 'brand.fg' } }}
            >
              <NavLink to={to} end={to === '/'}>
                {label}
              </NavLink>
            </Link>
          ))}
        </HStack>
        <Spacer />
        <NavbarSearch />
        <CartLink />
        {/* Every state is as tall as the Login button (36 px), so the bar keeps its height when the
            session resolves or React takes over the prerendered page (a guest's frame). */}
        {status === 'loading' || (isSignedIn && !user) ? (
          <Skeleton boxSize="9" rounded="full" aria-hidden="true" />
        ) : user ? (
          <HStack gap="3">
            <Link asChild fontWeight="medium" hideBelow="sm">
              <NavLink to="/account">Profile</NavLink>
            </Link>
            <UserMenu user={user} isAdmin={isAdmin} />
          </HStack>
        ) : (
          // The login page's tabs are in the overlays entry: a finger on the link starts their download.
          <Button asChild colorPalette="brand" size="sm" onPointerDown={() => void loadOverlays()}>
            <RouterLink to="/login">Login</RouterLink>
          </Button>
        )}
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
