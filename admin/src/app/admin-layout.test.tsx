import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../testing/render.tsx';
import { loadOverlayEntry } from '../hooks/overlays.ts';
import { AdminLayout } from './AdminLayout.tsx';

describe('the admin layout', () => {
  it('lists Dashboard, Products, Orders, Users, Reviews, Activity and Releases and marks the current section', () => {
    renderAdmin(<AdminLayout />, { path: '/admin/order/:id', at: '/admin/order/' + 'a'.repeat(24) });
    const menus = screen.getAllByRole('navigation', { name: 'Admin', hidden: true });
    const desktop = menus[0]!;
    expect(
      within(desktop)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Products', 'Orders', 'Users', 'Reviews', 'Activity', 'Releases']);
    expect(within(desktop).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(desktop).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('opens the menu in a drawer on phones', async () => {
    // The drawer's code comes at the first press (AdminMenuDrawer); here it is already fetched.
    await loadOverlayEntry();
    renderAdmin(<AdminLayout />, { path: '/admin/users', at: '/admin/users' });
    fireEvent.click(screen.getByRole('button', { name: 'Admin menu: Users', hidden: true }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin panel' });
    expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });
});
