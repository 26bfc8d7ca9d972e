import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { currentUserStore, sessionStore } from '@shop/shared-auth';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, renderPage, resetSession, shopper } from '../test-support/render.tsx';
import { AccountPage } from './AccountPage.tsx';
import { PromoteToAdminBox } from './PromoteToAdminBox.tsx';
import { UpdateProfilePage } from './UpdateProfilePage.tsx';

const api = vi.hoisted(() => ({ promoteToAdmin: vi.fn(), updateProfile: vi.fn(), getMe: vi.fn() }));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.resetAllMocks();
});
afterEach(() => vi.useRealTimers());

describe('/account', () => {
  it('shows avatar, name, email, member since in long US format, role and the links', () => {
    resetSession(shopper);
    renderPage(<AccountPage />, { path: '/account' });
    expect(screen.getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Shopper's avatar" })).toHaveAttribute(
      'src',
      '/uploads/shopper.png',
    );
    expect(screen.getByText('shopper@example.com')).toBeInTheDocument();
    expect(screen.getByText('January 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/me/update');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders/me');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/password/update');
    expect(screen.getByRole('heading', { name: 'Promote to Admin' })).toBeInTheDocument();
  });

  it('shows N/A without a creation date, and no promote box for an admin', () => {
    resetSession({ ...admin, createdAt: '' });
    renderPage(<AccountPage />, { path: '/account' });
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Promote to Admin' })).not.toBeInTheDocument();
  });

  it("says 'No user found' when the profile could not be loaded", () => {
    resetSession(shopper);
    currentUserStore.setState({ user: null, status: 'failed', error: 'Failed to load user' });
    renderPage(<AccountPage />, { path: '/account' });
    expect(screen.getByText('No user found')).toBeInTheDocument();
    expect(screen.getByText('Failed to load user')).toBeInTheDocument();
  });
});

describe('Promote to Admin', () => {
  it('is busy while asking, toasts the answer and reloads after 2 seconds', async () => {
    resetSession(shopper);
    let answer!: (value: unknown) => void;
    api.promoteToAdmin.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const reload = vi.fn();
    renderPage(<PromoteToAdminBox reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Promote to Admin' }));
    expect(screen.getByRole('button', { name: /Promot/ })).toBeDisabled();
    await act(async () => answer({ success: true, user: admin, message: 'You are now an admin' }));
    expect(screen.getByRole('status')).toHaveTextContent('You are now an admin');
    act(() => vi.advanceTimersByTime(1900));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("toasts the server's refusal and is usable again", async () => {
    resetSession(shopper);
    api.promoteToAdmin.mockRejectedValue(new ApiError('Self promotion is disabled', 403));
    renderPage(<PromoteToAdminBox reload={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Promote to Admin' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Self promotion is disabled');
    expect(screen.getByRole('button', { name: 'Promote to Admin' })).toBeEnabled();
  });

  it("toasts 'No user found' when there is no user", () => {
    resetSession();
    renderPage(<PromoteToAdminBox reload={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Promote to Admin' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No user found');
    expect(api.promoteToAdmin).not.toHaveBeenCalled();
  });
});

describe('/me/update', () => {
  const render = () =>
    renderPage(<UpdateProfilePage />, {
      path: '/me/update',
      routes: [{ path: '/account', element: <p>account page</p> }],
    });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('a new email asks for the current password, and sends it', async () => {
    resetSession(shopper);
    api.updateProfile.mockResolvedValue({ ...shopper, email: 'new@example.com' });
    api.getMe.mockResolvedValue({ ...shopper, email: 'new@example.com' });
    const { router } = render();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
    type(/^Email/, 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Enter your current password to change your email')).toBeInTheDocument();
    expect(api.updateProfile).not.toHaveBeenCalled();
    type(/^Current Password/, 'Shopper12345');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'new@example.com', currentPassword: 'Shopper12345' }),
    );
  });

  it('requires name and email', () => {
    resetSession(shopper);
    render();
    type(/^Name/, ' ');
    type(/^Email/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.updateProfile).not.toHaveBeenCalled();
  });

  it('accepts only image files as the avatar', async () => {
    resetSession(shopper);
    render();
    const input = screen.getByLabelText(/^Avatar/) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Avatar must be an image file')).toBeInTheDocument();
    expect(api.updateProfile).not.toHaveBeenCalled();
  });

  it('previews the chosen image and sends it as a data URL', async () => {
    resetSession(shopper);
    api.updateProfile.mockResolvedValue({ ...shopper, name: 'Sam S' });
    api.getMe.mockResolvedValue({ ...shopper, name: 'Sam S' });
    const { router } = render();
    const input = screen.getByLabelText(/^Avatar/) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })] },
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: "New's avatar" }).getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      ),
    );
    type(/^Name/, 'Sam S');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.updateProfile).toHaveBeenCalledWith({
      name: 'Sam S',
      email: 'shopper@example.com',
      avatar: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Profile Updated Successfully');
    expect(api.getMe).toHaveBeenCalledTimes(1);
    expect(currentUserStore.getState()).toMatchObject({ user: { name: 'Sam S' }, isUpdated: false });
    // /account replaced /me/update in history.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's error in an alert, or the fallback", async () => {
    resetSession(shopper);
    api.updateProfile.mockRejectedValue(new ApiError('Failed to update profile', 500));
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await settle();
    expect(screen.getByText('Failed to update profile')).toBeInTheDocument();
    expect(sessionStore.getState().status).toBe('signedIn');
  });
});
