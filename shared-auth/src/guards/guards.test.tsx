import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { admin, renderWithTheme, resetStores, shopper } from '../test/render.tsx';
import { currentUserStore } from '../user/current-user-store.ts';
import { RequireAdmin } from './RequireAdmin.tsx';
import { RequireAuth } from './RequireAuth.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return renderWithTheme(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/orders/me" element={<RequireAuth>signed-in page</RequireAuth>} />
        <Route path="/admin/*" element={<RequireAdmin>admin remote</RequireAdmin>} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

const signIn = (
  user: typeof shopper | null,
  profileStatus: 'idle' | 'loading' | 'loaded' | 'failed' = 'loaded',
) => {
  currentUserStore.setState({ user, status: profileStatus });
  sessionStore.setState({ status: 'signedIn' });
};

describe('RequireAuth', () => {
  beforeEach(resetStores);

  it('waits while the session loads', () => {
    renderAt('/orders/me?page=2');
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByText('signed-in page')).not.toBeInTheDocument();
  });

  it('sends a guest to /login with the return address', () => {
    sessionStore.setState({ status: 'signedOut' });
    renderAt('/orders/me?page=2');
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forders%2Fme%3Fpage%3D2');
  });

  it('lets a signed-in shopper through', () => {
    signIn(shopper);
    renderAt('/orders/me');
    expect(screen.getByText('signed-in page')).toBeInTheDocument();
  });

  it('shows a clear error when the provider failed to load', () => {
    sessionStore.setState({ status: 'failed', failure: 'The sign-in service could not be loaded.' });
    renderAt('/orders/me');
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in service could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  beforeEach(resetStores);

  it('shows a spinner while the provider loads, then while the profile loads', () => {
    renderAt('/admin/dashboard');
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => signIn(null, 'loading'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile');
    expect(screen.queryByText('admin remote')).not.toBeInTheDocument();
    act(() => currentUserStore.getState().loadSuccess(admin));
    expect(screen.getByText('admin remote')).toBeInTheDocument();
  });

  it('sends a guest to /login', () => {
    sessionStore.setState({ status: 'signedOut' });
    renderAt('/admin/dashboard');
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fadmin%2Fdashboard');
  });

  it('sends a shopper to /account without rendering the admin remote', () => {
    signIn(shopper);
    renderAt('/admin/dashboard');
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    expect(screen.queryByText('admin remote')).not.toBeInTheDocument();
  });

  it("trusts the provider's public metadata role when the profile could not load", () => {
    sessionStore.setState({ providerProfile: { role: 'admin' } });
    signIn(null, 'failed');
    renderAt('/admin/users');
    expect(screen.getByText('admin remote')).toBeInTheDocument();
  });
});
