import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order, ordersPage, product, productsPage, user, usersPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { dailyFigures } from './daily-figures.ts';

const api = vi.hoisted(() => ({
  getAdminProductsPage: vi.fn(),
  getAdminOrdersPage: vi.fn(),
  getAllOrders: vi.fn(),
  getUsersPage: vi.fn(),
}));
vi.mock('../../../../shared-api/src/endpoints/admin-products.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getAdminProductsPage: api.getAdminProductsPage,
}));
vi.mock('../../../../shared-api/src/endpoints/orders.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getAllOrders: api.getAllOrders,
  getAdminOrdersPage: api.getAdminOrdersPage,
}));
vi.mock('../../../../shared-api/src/endpoints/admin-users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  getUsersPage: api.getUsersPage,
}));

beforeEach(() => vi.resetAllMocks());

const today = new Date(2026, 10, 23, 15, 0);
const daysAgo = (n: number) => new Date(2026, 10, 23 - n, 12, 0).toISOString();

describe('daily figures', () => {
  it('gives 30 days ending today, zeros where nothing was ordered, revenue to the paisa', () => {
    const figures = dailyFigures(
      [
        { createdAt: daysAgo(0), totalPrice: 0.1 },
        { createdAt: daysAgo(0), totalPrice: 0.2 },
        { createdAt: daysAgo(29), totalPrice: 5 },
        { createdAt: daysAgo(30), totalPrice: 1000 },
      ],
      today,
    );
    expect(figures).toHaveLength(30);
    expect(figures.at(-1)).toEqual({ day: '2026-11-23', revenue: 0.3, orders: 2 });
    expect(figures[0]).toEqual({ day: '2026-10-25', revenue: 5, orders: 1 });
    expect(figures[1]).toEqual({ day: '2026-10-26', revenue: 0, orders: 0 });
  });
});

describe('/admin/dashboard', () => {
  it('shows revenue, the counts, quick actions, recent activity and the 30-day chart', async () => {
    api.getAdminProductsPage.mockResolvedValue(productsPage([product(1)], { total: 3 }));
    api.getAdminOrdersPage.mockResolvedValue(ordersPage([order(1)], { total: 2, amount: 1100 }));
    api.getAllOrders.mockResolvedValue({
      success: true,
      orders: [
        order(1, { totalPrice: 1000.5, createdAt: new Date().toISOString() }),
        order(2, { totalPrice: 99.5, createdAt: '2025-01-01T10:00:00.000Z' }),
      ],
      totalAmount: 1100,
    });
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
    expect(await screen.findByRole('img', { name: 'Revenue per day' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Orders per day' })).toHaveAccessibleDescription(
      /^1 order over 30 days/,
    );
  });

  it('shows skeletons while loading and each failure in an alert', async () => {
    api.getAdminProductsPage.mockRejectedValue(new ApiError('Failed to get admin products', 500));
    api.getAdminOrdersPage.mockReturnValue(new Promise(() => {}));
    api.getAllOrders.mockReturnValue(new Promise(() => {}));
    api.getUsersPage.mockRejectedValue(new ApiError('Failed to get users', 500));
    renderAdmin(<DashboardPage />, { path: '/admin/dashboard' });
    await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Failed to get admin products'),
      expect.stringContaining('Failed to get users'),
    ]);
  });
});
