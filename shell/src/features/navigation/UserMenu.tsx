import { Button, loadOverlays, Portal, UserAvatar, type ButtonProps } from '@shop/shared-ui';
import type { ShopUser } from '@shop/shared-auth';
import { useCartCount } from '@shop/shared-cart';
import { Suspense, use, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountLinks } from './account-links.ts';
import { useLogout } from './use-logout.ts';

interface UserMenuProps {
  user: ShopUser;
  isAdmin: boolean;
}

/**
 * The avatar dropdown: Dashboard (admins, first), Orders, Profile, Cart (count), Logout.
 *
 * The menu comes from the design system's overlays entry, which guests never download. Until it arrives
 * the same avatar button stands in its place (no shift), and a press on it opens the menu on arrival.
 */
export function UserMenu({ user, isAdmin }: UserMenuProps) {
  const [openOnArrival, setOpenOnArrival] = useState(false);
  return (
    <Suspense fallback={<AvatarButton user={user} onClick={() => setOpenOnArrival(true)} />}>
      <AccountMenu user={user} isAdmin={isAdmin} defaultOpen={openOnArrival} />
    </Suspense>
  );
}

function AvatarButton({ user, ...props }: { user: ShopUser } & ButtonProps) {
  return (
    <Button
      variant="ghost"
      rounded="full"
      p="0"
      minW="auto"
      h="auto"
      aria-label={`Account menu for ${user.name}`}
      {...props}
    >
      <UserAvatar src={user.avatarUrl} name={user.name} decorative />
    </Button>
  );
}

function AccountMenu({ user, isAdmin, defaultOpen }: UserMenuProps & { defaultOpen: boolean }) {
  const { Menu } = use(loadOverlays());
  const navigate = useNavigate();
  const cartCount = useCartCount();
  const logout = useLogout();
  const links = accountLinks({ isAdmin, cartCount });

  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => (value === 'logout' ? void logout() : navigate(value))}
    >
      <Menu.Trigger asChild>
        <AvatarButton user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {links.map((link) => (
              <Menu.Item key={link.to} value={link.to}>
                {link.label}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
