import { Box, Link, Stack } from '@shop/shared-ui';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { adminMenu, currentMenuItem } from './admin-menu.ts';

/** The admin's menu: the current section is marked for the eye and for screen readers (aria-current). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = currentMenuItem(pathname);
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {adminMenu.map((item) => {
        const active = item === current;
        const Icon = item.icon;
        return (
          <Box as="li" key={item.to}>
            <Link
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              rounded="md"
              fontWeight="medium"
              color={active ? 'brand.fg' : 'fg'}
              bg={active ? 'brand.muted' : undefined}
              _hover={{ bg: active ? 'brand.muted' : 'bg.muted', textDecoration: 'none' }}
            >
              <RouterLink to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                <Icon size={18} aria-hidden="true" />
                {item.label}
              </RouterLink>
            </Link>
          </Box>
        );
      })}
    </Stack>
  );
}
