import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { user, usersPage } from '../../testing/fixtures.ts';
import { renderAdmin } from '../../testing/render.tsx';
import { onAPhone } from '../../testing/screen.ts';
import { UserPage } from './UserPage.tsx';
import { UsersPage } from './UsersPage.tsx';

const api = vi.hoisted(() => ({
  getUsersPage: vi.fn(),
  getUserDetails: vi.fn(),
  updateUser: vi.fn(),
  deleteUser: vi.fn(),
}));
vi.mock('../../../../shared-api/src/endpoints/admin/users.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

beforeEach(() => vi.resetAllMocks());

const list = () =>
  renderAdmin(<UsersPage />, {
    path: '/admin/users',
    routes: [{ path: '/admin/dashboard', element: <p>dashboard page</p> }],
  });

describe('/admin/users', () => {
  it('shows stat cards (total, admins, customers) and 10 rows per page', async () => {
    api.getUsersPage.mockResolvedValue(
      usersPage(
        Array.from({ length: 10 }, (_, i) => user(i + 1, { role: i < 2 ? 'admin' : 'user' })),
        { total: 11, admins: 2 },
      ),
    );
    list();
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Total users').nextSibling).toHaveTextContent('11');
    expect(within(figures).getByText('Admins').nextSibling).toHaveTextContent('2');
    expect(within(figures).getByText('Customers').nextSibling).toHaveTextContent('9');
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toBeInTheDocument();
  });

  it('asks the api to search by name, email or id', async () => {
    api.getUsersPage.mockResolvedValue(
      usersPage([user(1), user(2, { name: 'Priya', email: 'priya@shop.in' })]),
    );
    list();
    const box = await screen.findByLabelText('Search by name, email or id');
    api.getUsersPage.mockResolvedValue(usersPage([user(2, { name: 'Priya' })], { total: 2, matching: 1 }));
    fireEvent.change(box, { target: { value: 'shop.in' } });
    await vi.waitFor(() => expect(screen.queryByText('User 1')).not.toBeInTheDocument());
    expect(api.getUsersPage).toHaveBeenLastCalledWith({ page: 1, limit: 10, q: 'shop.in' });
    expect(screen.getByText('1 user matching “shop.in”')).toBeInTheDocument();
  });

  it("shows the spec's fallback in an alert", async () => {
    api.getUsersPage.mockRejectedValue(new ApiError('Failed to get users', 500));
    list();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get users');
  });

  it("deletes after confirmation, toasts the server's message and goes to the dashboard", async () => {
    api.getUsersPage.mockResolvedValue(usersPage([user(1)]));
    api.deleteUser.mockResolvedValue({ success: true, message: 'User Deleted Successfully' });
    const { router } = list();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete User 1' }));
    expect(await screen.findByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('User Deleted Successfully')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete in an alert", async () => {
    api.getUsersPage.mockResolvedValue(usersPage([user(1)]));
    api.deleteUser.mockRejectedValue(new ApiError('You cannot delete your own account', 400));
    list();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete User 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete your own account');
  });
});

describe('/admin/users on a phone', () => {
  onAPhone();

  it('shows every column of a user on its card, with Edit and Delete', async () => {
    api.getUsersPage.mockResolvedValue(
      usersPage([user(1, { role: 'admin', email: 'a.very.long.address.of.the.first.admin@example.com' })]),
    );
    list();
    const card = within(await screen.findByRole('list', { name: 'Users' })).getByRole('listitem');
    expect(
      within(card)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['User ID', 'Name', 'Email', 'Role', 'Joined']);
    expect(within(card).getByText(user(1)._id)).toBeInTheDocument();
    expect(within(card).getByText('a.very.long.address.of.the.first.admin@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Admin')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Edit User 1' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete User 1' })).toBeInTheDocument();
  });
});

describe('/admin/user/:id', () => {
  const render = () =>
    renderAdmin(<UserPage />, {
      path: '/admin/user/:id',
      at: `/admin/user/${user(4)._id}`,
      routes: [{ path: '/admin/users', element: <p>users page</p> }],
    });

  it('edits name, email and role, then goes to the list', async () => {
    api.getUserDetails.mockResolvedValue({ success: true, user: user(4) });
    api.updateUser.mockResolvedValue(undefined);
    const { router } = render();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('User 4');
    expect(screen.getByLabelText(/^Role/)).toHaveValue('user');
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'NEW@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(api.updateUser).toHaveBeenCalledWith(user(4)._id, {
      name: 'User 4',
      email: 'new@example.com',
      role: 'admin',
    });
    expect(await screen.findByText('User Updated Successfully')).toBeInTheDocument();
  });

  it('requires name and a valid email', async () => {
    api.getUserDetails.mockResolvedValue({ success: true, user: user(4) });
    render();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(api.updateUser).not.toHaveBeenCalled();
  });

  it("shows the server's refusal above the form", async () => {
    api.getUserDetails.mockResolvedValue({ success: true, user: user(4) });
    api.updateUser.mockRejectedValue(new ApiError('Email is already registered', 400));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already registered');
  });

  it('shows a failed load in an alert', async () => {
    api.getUserDetails.mockRejectedValue(new ApiError('Failed to get user details', 500));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get user details');
  });
});
