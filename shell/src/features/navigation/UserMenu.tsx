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
 * The menu comes from the design system's overlays entry (38 KB), downloaded when the avatar is pointed
 * at, focused or pressed rather than with every signed-in page (docs/performance.md, round 5). Until the
 * first press the avatar is a plain button of the same look (no shift); the press mounts the menu, which
 * opens on arrival and moves focus into itself.
 */
export function UserMenu({ user, isAdmin }: UserMenuProps) {
  const [pressed, setPressed] = useState(false);
  const avatar = (
    <AvatarButton
      user={user}
      onPointerEnter={() => void loadOverlays()}
      onFocus={() => void loadOverlays()}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return avatar;
  return (
    <Suspense fallback={avatar}>
      <AccountMenu user={user} isAdmin={isAdmin} />
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
      boxSize="9"
      aria-label={`Account menu for ${user.name}`}
      {...props}
    >
      <UserAvatar src={user.avatarUrl} name={user.name} decorative />
    </Button>
  );
}

/** Mounted by the first press, so it opens at once; later presses open and close it as a menu does. */
function AccountMenu({ user, isAdmin }: UserMenuProps) {
  const { Menu } = use(loadOverlays());
  const navigate = useNavigate();
  const cartCount = useCartCount();
  const logout = useLogout();
  const links = accountLinks({ isAdmin, cartCount });

  return (
    <Menu.Root
      defaultOpen
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
