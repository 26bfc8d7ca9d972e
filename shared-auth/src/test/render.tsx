import { ShopThemeProvider } from '@shop/shared-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { currentUserStore } from '../user/current-user-store.ts';
import { sessionStore } from '../session/session-store.ts';

export function renderWithTheme(ui: ReactElement) {
  return render(<ShopThemeProvider>{ui}</ShopThemeProvider>);
}

export { adminUser as admin, shopperUser as shopper } from '@shop/shared-api/testing';

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
