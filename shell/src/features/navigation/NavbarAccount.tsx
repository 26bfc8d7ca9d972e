import { useCurrentUser, useSession } from '@shop/shared-auth';
import { Button, HStack, Link, loadOverlays, Skeleton } from '@shop/shared-ui';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { UserMenu } from './UserMenu.tsx';

/**
 * The bar's end: Login, or the Profile link and the avatar menu. The one part of the bar that follows the
 * session: when the session resolves right after React takes a server-rendered page over, only this
 * re-renders, not the links, search and cart beside it. That render is synchronous (the session is an
 * external store), in one task: docs/performance.md, "The session's arrival after hydration".
 */
export function NavbarAccount() {
  const { status, isSignedIn } = useSession();
  const { user, isAdmin } = useCurrentUser();
  if (user)
    return (
      <HStack gap="3">
        <Link asChild fontWeight="medium" hideBelow="sm">
          <NavLink to="/account">Profile</NavLink>
        </Link>
        <UserMenu user={user} isAdmin={isAdmin} />
      </HStack>
    );
  // Every state is as tall as the Login button (36 px), so the bar keeps its height when the session
  // resolves or React takes over the prerendered page (a guest's frame).
  if (isSignedIn) return <Skeleton boxSize="9" rounded="full" aria-hidden="true" />;
  // While the session is restored the Login button is there but hidden: its styles are then in the page the
  // server rendered, and a guest's session resolving only shows it, instead of emotion compiling a
  // button's styles in the same task (51 ms at 4x CPU, docs/performance.md). Hidden, it is neither seen
  // nor focused nor read out.
  return (
    <Button
      asChild
      colorPalette="brand"
      size="sm"
      // An inline style, not a style prop: a prop would make the button's class another one, whose whole
      // CSS emotion would compile when it shows.
      style={status === 'loading' ? { visibility: 'hidden' } : undefined}
      // The login page's tabs are in the overlays entry: a finger on the link starts their download.
      onPointerDown={() => void loadOverlays()}
    >
      <RouterLink to="/login">Login</RouterLink>
    </Button>
  );
}
