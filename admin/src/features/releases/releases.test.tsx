import type * as SharedApi from '@shop/shared-api';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../testing/render.tsx';
import { ReleasesPage } from './ReleasesPage.tsx';

const api = vi.hoisted(() => ({ getReleaseHealth: vi.fn() }));
vi.mock('../../../../shared-api/src/endpoints/admin/releases.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const base = shellConfig({ shell: 4000, storefront: 4001, admin: 4002, api: 3000 }, {});
const config = {
  ...base,
  releases: { storefront: { id: 'r2', liveAt: 'http://localhost:4001/live.json' } },
};
const manifest = (id: string) => `releases/${id}/mf-manifest.json`;

beforeEach(() => {
  vi.resetAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        live: [
          { id: 'r2', share: 10, manifest: manifest('r2') },
          { id: 'r1', share: 90, manifest: manifest('r1') },
        ],
        previous: { id: 'r0', manifest: manifest('r0') },
        updatedAt: '2026-11-25T10:00:00.000Z',
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/releases', () => {
  it("shows each live release's share and last hour, the canary's failures and the fall-back", async () => {
    api.getReleaseHealth.mockResolvedValue({
      success: true,
      remote: 'storefront',
      minutes: 60,
      releases: [
        {
          release: 'r2',
          loads: 80,
          failures: 4,
          fellBack: 4,
          lastReason: 'Failed to load remoteEntry-abc.js',
        },
        { release: 'r1', loads: 700, failures: 0, fellBack: 0, lastReason: null },
      ],
    });
    renderAdmin(<ReleasesPage config={config} />, { path: '/admin/releases' });
    const table = await screen.findByRole('table', { name: 'Storefront releases' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'r2Canary 10%804 (5.0%)4Failed to load remoteEntry-abc.js',
      'r1Live 90%7000 (0.0%)0None',
      'r0Fall-back00 (–)0None',
    ]);
    expect(fetch).toHaveBeenCalledWith('http://localhost:4001/live.json', { cache: 'no-cache' });
    expect(api.getReleaseHealth).toHaveBeenCalledWith('storefront');
    // The admin remote is served from a fixed address here: no section for it.
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it("says so, with Retry, when the remote's live releases cannot be read", async () => {
    api.getReleaseHealth.mockResolvedValue({
      success: true,
      remote: 'storefront',
      minutes: 60,
      releases: [],
    });
    vi.mocked(fetch).mockResolvedValue(new Response('gone', { status: 503 }));
    renderAdmin(<ReleasesPage config={config} />, { path: '/admin/releases' });
    expect(await screen.findByText('The live releases could not be read (HTTP 503)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says there are none when no remote is served from releases', () => {
    renderAdmin(<ReleasesPage config={base} />, { path: '/admin/releases' });
    expect(screen.getByText('No releases')).toBeInTheDocument();
  });
});
