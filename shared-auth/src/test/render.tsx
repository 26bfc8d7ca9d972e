import { ChakraProvider, shopSystem } from '@shop/shared-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { currentUserStore } from '../user/current-user-store.ts';
import { sessionStore } from '../session/session-store.ts';
import type { User } from '@shop/shared-api';

export function renderWithTheme(ui: ReactElement) {
  return render(<ChakraProvider value={shopSystem}>{ui}</ChakraProvider>);
}

export const shopper: User = {
  _id: 'a'.repeat(24),
  name: 'Shopper',
  email: 'shopper@example.com',
  avatar: { url: '/uploads/shopper.png' },
  role: 'user',
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const admin: User = {
  ...shopper,
  _id: 'b'.repeat(24),
  name: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
};

/** Back to a fresh page: nobody signed in, nothing loaded. */
export function resetStores() {
  sessionStore.setState({
    provider: 'local',
    status: 'loading',
    failure: null,
    providerProfile: null,
    adapter: { getToken: async () => null, signOut: async () => {} },
  });
  currentUserStore.setState({ user: null, status: 'idle', loading: false, error: null, isUpdated: false });
}
