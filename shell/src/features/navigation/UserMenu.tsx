import { Button, Menu, Portal, UserAvatar } from '@shop/shared-ui';
import type { ShopUser } from '@shop/shared-auth';
import { useCartCount } from '@shop/shared-cart';
import { useNavigate } from 'react-router-dom';
import { accountLinks } from './account-links.ts';
import { useLogout } from './use-logout.ts';

/** The avatar dropdown: Dashboard (admins, first), Orders, Profile, Cart (count), Logout. */
export function UserMenu({ user, isAdmin }: { user: ShopUser; isAdmin: boolean }) {
  const navigate = useNavigate();
  const cartCount = useCartCount();
  const logout = useLogout();
  const links = accountLinks({ isAdmin, cartCount });

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => (value === 'logout' ? void logout() : navigate(value))}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          rounded="full"
          p="0"
          minW="auto"
          h="auto"
          aria-label={`Account menu for ${user.name}`}
        >
          <UserAvatar src={user.avatarUrl} name={user.name} decorative />
        </Button>
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
