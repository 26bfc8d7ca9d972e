import { type RemoteRoutesProps } from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { ShopThemeProvider } from '@shop/shared-ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  satisfy: vi.fn(),
  getInstance: vi.fn(() => undefined),
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
    registerShopRemotes(config);
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

describe('RemoteRoutes with releases', () => {
  const live = 'http://localhost:4001/releases/1.1.0-b2c3d4e-22222222/mf-manifest.json';
  const previous = 'http://localhost:4001/releases/1.0.0-a1b2c3d-11111111/mf-manifest.json';
  const released = {
    ...config,
    remotes: { ...config.remotes, storefront: live },
    releases: {
      storefront: {
        id: '1.1.0-b2c3d4e-22222222',
        liveAt: 'http://localhost:4001/live.json',
        fallback: { id: '1.0.0-a1b2c3d-11111111', manifest: previous },
      },
    },
  };
  const reports = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('/releases/reports'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  beforeEach(() => {
    forgetRemote('storefront');
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":true}')),
    );
    registerShopRemotes(released);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports a release that loaded', async () => {
    runtime.loadRemote.mockResolvedValueOnce({ default: StorefrontHome });
    await renderStorefront();
    expect(await screen.findByRole('heading', { name: /^Storefront home/ })).toBeInTheDocument();
    expect(reports()).toEqual([
      { remote: 'storefront', release: '1.1.0-b2c3d4e-22222222', outcome: 'loaded' },
    ]);
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ keepalive: true, credentials: 'omit' });
  });

  it('falls back to the previous release without showing an error, and reports the failure', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('Failed to load remoteEntry-abc.js'))
      .mockResolvedValueOnce({ default: StorefrontHome });
    await renderStorefront();
    expect(await screen.findByRole('heading', { name: /^Storefront home/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /unavailable/ })).not.toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'storefront', entry: previous, type: 'module' }],
      { force: true },
    );
    expect(reports()).toEqual([
      {
        remote: 'storefront',
        release: '1.1.0-b2c3d4e-22222222',
        outcome: 'failed',
        reason: 'Failed to load remoteEntry-abc.js',
        fellBackTo: '1.0.0-a1b2c3d-11111111',
      },
    ]);
  });

  it('falls back once: with both releases failing it shows the outage, and Retry starts from the live one', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('live release: 404'))
      .mockRejectedValueOnce(new Error('previous release: 404'));
    await renderStorefront();
    expect(await screen.findByRole('heading', { name: 'The storefront is unavailable' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(reports()).toEqual([
      {
        remote: 'storefront',
        release: '1.1.0-b2c3d4e-22222222',
        outcome: 'failed',
        reason: 'live release: 404',
      },
    ]);

    runtime.loadRemote.mockResolvedValueOnce({ default: StorefrontHome });
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: /^Storefront home/ })).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'storefront', entry: live, type: 'module' }],
      { force: true },
    );
  });
});
