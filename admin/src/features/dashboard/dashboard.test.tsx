import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order, ordersPage, product, productsPage, user, usersPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

const api = vi.hoisted(() => ({
  getAdminProductsPage: vi.fn(),
  getAdminOrdersPage: vi.fn(),
  getDailyOrders: vi.fn(),
  getUsersPage: vi.fn(),
  getSiteHealth: vi.fn(),
}));
vi.mock('../../../../shared-api/src/endpoints/admin/products.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getAdminProductsPage: api.getAdminProductsPage,
}));
vi.mock('../../../../shared-api/src/endpoints/orders.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getDailyOrders: api.getDailyOrders,
  getAdminOrdersPage: api.getAdminOrdersPage,
}));
vi.mock('../../../../shared-api/src/endpoints/admin/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getUsersPage: api.getUsersPage,
}));
vi.mock('../../../../shared-api/src/endpoints/site-health.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getSiteHealth: api.getSiteHealth,
}));

beforeEach(() => {
  vi.resetAllMocks();
  api.getSiteHealth.mockResolvedValue({ since: '2026-11-24T12:00:00.000Z', pages: [], errors: [] });
});

/** 30 days of figures as the api answers them, ending today; `orders` fills the last days. */
const thirtyDays = (orders: { revenue: number; orders: number }[] = []) =>
  Array.from({ length: 30 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 10, 23 - (29 - index))).toISOString().slice(0, 10),
    ...(orders[index - (30 - orders.length)] ?? { revenue: 0, orders: 0 }),
  }));

describe('/admin/dashboard', () => {
  it('shows revenue, the counts, quick actions, recent activity and the 30-day chart', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)], { total: 3, matching: 1 }));
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1)], { total: 2, amount: 1100 }));
    api.getDailyOrders.mockResolvedValue(thirtyDays([{ revenue: 1000.5, orders: 1 }]));
    api.getUsersPage.mockResolvedValue(usersPage([user(1)], { total: 2 }));
    renderAdmin(<DashboardPage />, { path: '/admin/dashboard' });
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Total Revenue').nextSibling).toHaveTextContent('₹1,100.00');
    expect(within(figures).getByText('Products').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Orders').nextSibling).toHaveTextContent('2');
    expect(within(figures).getByText('Users').nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/product/new');
    expect(screen.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'View Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByText('New order received')).toBeInTheDocument();
    // Issue 29: the static list stays, with the way to the real audit trail; low stock is counted.
    expect(screen.getByRole('link', { name: 'View all activity' })).toHaveAttribute(
      'href',
      '/admin/activity',
    );
    expect(screen.getByRole('link', { name: '1 low on stock' })).toHaveAttribute(
      'href',
      '/admin/products?stockBelow=5',
    );
    expect(api.getAdminProductsPage).toHaveBeenCalledWith({ page: 1, limit: 1, stockBelow: 5 });
    expect(await screen.findByRole('img', { name: 'Revenue per day' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Orders per day' })).toHaveAccessibleDescription(
      /^1 order over 30 days/,
    );
    // The last 30 days in the browser's time zone, summed by the api.
    expect(api.getDailyOrders).toHaveBeenCalledWith({ days: 30 });
  });

  it('shows skeletons while loading and each failure in an alert', async () => {
    api.getAdminProductsPage.mockRejectedValue(new ApiError('Failed to get admin products', 500));
    api.getAdminOrdersPage.mockReturnValue(new Promise(() => {}));
    api.getDailyOrders.mockReturnValue(new Promise(() => {}));
    api.getUsersPage.mockRejectedValue(new ApiError('Failed to get users', 500));
    renderAdmin(<DashboardPage />, { path: '/admin/dashboard' });
    await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Failed to get admin products'),
      expect.stringContaining('Failed to get users'),
    ]);
  });

  it('shows the site health card: p75 per page, coloured by the vitals bounds, and errors by source', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)], { total: 3 }));
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1)], { total: 2, amount: 1100 }));
    api.getDailyOrders.mockResolvedValue(thirtyDays());
    api.getUsersPage.mockResolvedValue(usersPage([user(1)], { total: 2 }));
    api.getSiteHealth.mockResolvedValue({
      since: '2026-11-24T12:00:00.000Z',
      pages: [
        { page: '/', views: 1200, lcpMs: 1800, inpMs: 240, cls: 0.31 },
        { page: '/product/:param', views: 300, lcpMs: null, inpMs: null, cls: 0.02 },
      ],
      errors: [
        { source: 'storefront', release: 'remoteEntry-3f9a1c2b', count: 7, lastMessage: 'TypeError: x' },
      ],
    });
    renderAdmin(<DashboardPage />, { path: '/admin/dashboard' });
    const card = await screen.findByRole('region', { name: 'Site health' });
    const rows = await within(card).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('/1,2001,800 ms240 ms0.310');
    expect(rows[2]).toHaveTextContent('/product/:param300––0.020');
    expect(within(card).getByText(/7 — last: TypeError: x/)).toBeInTheDocument();
  });
});
