import {
  Activity,
  LayoutDashboard,
  MessageSquareText,
  Package,
  Rocket,
  ShoppingCart,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface AdminMenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to this entry (an order's page belongs to Orders). */
  prefixes: string[];
}

/** The side menu: the spec's Dashboard, Orders, Users and Reviews, plus Products, Activity and Releases. */
export const adminMenu: AdminMenuItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard, prefixes: ['/admin/dashboard'] },
  {
    label: 'Products',
    to: '/admin/products',
    icon: Package,
    prefixes: ['/admin/products', '/admin/product/'],
  },
  { label: 'Orders', to: '/admin/orders', icon: ShoppingCart, prefixes: ['/admin/orders', '/admin/order/'] },
  { label: 'Users', to: '/admin/users', icon: Users, prefixes: ['/admin/users', '/admin/user/'] },
  { label: 'Reviews', to: '/admin/reviews', icon: MessageSquareText, prefixes: ['/admin/reviews'] },
  // Not in the spec: every admin write, who made it and what it changed (issue 29, the audit trail).
  { label: 'Activity', to: '/admin/activity', icon: Activity, prefixes: ['/admin/activity'] },
  // Not in the spec: which release of each remote shoppers load, and how it goes (docs/federation.md).
  { label: 'Releases', to: '/admin/releases', icon: Rocket, prefixes: ['/admin/releases'] },
];

/** The entry the current page belongs to. */
export function currentMenuItem(pathname: string): AdminMenuItem | undefined {
  return adminMenu.find((item) => item.prefixes.some((prefix) => pathname.startsWith(prefix)));
}
