import { type RemoteRoutesProps } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { ShopThemeProvider } from '@shop/shared-ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  satisfy: vi.fn(),
}));
vi.mock('@module-federation/runtime', () => runtime);

const { RemoteRoutes } = await import('./RemoteRoutes.tsx');
const { forgetRemote, registerShopRemotes } = await import('./remoteRegistry.ts');
const { RuntimeConfigContext } = await import('../runtime-config.tsx');

const config = shellConfig({ shell: 4000, storefront: 4001, admin: 4002, api: 3000 }, {});

function StorefrontHome({ config: received }: RemoteRoutesProps) {
  return <h1>Storefront home on {received.apiBaseUrl}</h1>;
}

// The route suspends on the remote's module (React's use()), so rendering is awaited inside act().
async function renderStorefront() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    render(
      <RuntimeConfigContext value={config}>
        <ShopThemeProvider>
          <MemoryRouter>
            <RemoteRoutes name="storefront" title="The storefront" notFound={<p>Page Not Found</p>} />
          </MemoryRouter>
        </ShopThemeProvider>
      </RuntimeConfigContext>,
    );
  });
}

describe('RemoteRoutes', () => {
  beforeEach(() => {
    forgetRemote('storefront'); // each test starts with nothing loaded
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    registerShopRemotes({
      storefront: 'http://localhost:4001/mf-manifest.json',
      admin: 'http://localhost:4002/mf-manifest.json',
    });
  });

  it("renders the remote's routes once its module arrives, handing it the deployment's config", async () => {
    runtime.loadRemote.mockResolvedValueOnce({ default: StorefrontHome });
    await renderStorefront();
    expect(
      await screen.findByRole('heading', { name: 'Storefront home on http://localhost:3000/api/v1' }),
    ).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('storefront/routes');
  });

  it('shows the outage inside the frame, and Retry loads the remote afresh', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('Failed to get manifest'));
    await renderStorefront();
    expect(await screen.findByRole('heading', { name: 'The storefront is unavailable' })).toBeInTheDocument();

    runtime.loadRemote.mockResolvedValueOnce({ default: StorefrontHome });
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: /^Storefront home/ })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    // The failed entry is registered again so the runtime asks the network, not its cache.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'storefront', entry: 'http://localhost:4001/mf-manifest.json', type: 'module' }],
      { force: true },
    );
  });

  it('treats a remote without exposed routes as unavailable', async () => {
    runtime.loadRemote.mockResolvedValueOnce({});
    await renderStorefront();
    expect(await screen.findByRole('heading', { name: 'The storefront is unavailable' })).toBeInTheDocument();
  });
});
