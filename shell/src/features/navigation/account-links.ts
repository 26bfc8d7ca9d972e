/** The signed-in entries of the avatar dropdown and the mobile menu, in the spec's order. */
export function accountLinks({ isAdmin, cartCount }: { isAdmin: boolean; cartCount: number }) {
  return [
    ...(isAdmin ? [{ to: '/admin/dashboard', label: 'Dashboard' }] : []),
    { to: '/orders/me', label: 'Orders' },
    { to: '/account', label: 'Profile' },
    { to: '/cart', label: `Cart (${cartCount})` },
  ];
}
