import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadOverlays } from '@shop/shared-ui';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, renderPage, resetSession, shopper } from '../test-support/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const api = vi.hoisted(() => ({ login: vi.fn(), register: vi.fn() }));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const session = (user = shopper) => ({ success: true as const, user, accessToken: 'token', expiresIn: 900 });

describe('/login', () => {
  // The tabs come from the overlays entry; loaded once here, the page draws them in its first render.
  beforeAll(() => loadOverlays());

  beforeEach(() => {
    resetSession();
    vi.resetAllMocks();
    sessionStorage.clear();
  });

  it('has LOGIN and REGISTER tabs with the labelled fields of the startup contract', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'REGISTER' }));
    expect(screen.getByLabelText(/^Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('signs in and goes to the address after the equals sign', async () => {
    api.login.mockResolvedValue(session());
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      at: '/login?redirect=%2Fpassword%2Fupdate',
    });
    await userEvent.type(screen.getByLabelText(/^Email/), 'shopper@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Shopper12345');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/password/update'));
    expect(api.login).toHaveBeenCalledWith({ email: 'shopper@example.com', password: 'Shopper12345' });
  });

  it('goes to /account by default', async () => {
    api.login.mockResolvedValue(session(admin));
    const { router } = renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Admin12345');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it("shows the server's answer to a wrong password on the form", async () => {
    api.login.mockRejectedValue(new ApiError('Invalid email or password', 401));
    const { router } = renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'shopper@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the fields before calling the api', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('validates and registers a new account', async () => {
    api.register.mockResolvedValue(session());
    const { router } = renderPage(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'REGISTER' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Name/), 'Nita');
    await userEvent.type(screen.getByLabelText(/^Email/), 'Nita@Example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret1234');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.register).toHaveBeenCalledWith({
      name: 'Nita',
      email: 'nita@example.com',
      password: 'Secret1234',
    });
  });

  it('shows "Email is already registered" from the server', async () => {
    api.register.mockRejectedValue(new ApiError('Email is already registered', 400));
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'REGISTER' }));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Sam');
    await userEvent.type(screen.getByLabelText(/^Email/), 'shopper@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret1234');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
  });

  it('sends a signed-in visitor on', () => {
    resetSession(shopper);
    const { router } = renderPage(<LoginPage />, { path: '/login', at: '/login?redirect=/orders/me' });
    expect(router.state.location.pathname).toBe('/orders/me');
  });

  it('shows the stored logout message once as an error toast', async () => {
    sessionStorage.setItem('logoutMessage', 'Session expired. Please login again.');
    const first = renderPage(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Session expired. Please login again.');
    expect(sessionStorage.getItem('logoutMessage')).toBeNull();
    first.unmount();
    resetSession();
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a clear error when the sign-in provider failed to load', async () => {
    const { sessionStore } = await import('@shop/shared-auth');
    sessionStore.setState({
      provider: 'clerk',
      status: 'failed',
      failure: 'The sign-in service could not be loaded.',
    });
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in service could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
