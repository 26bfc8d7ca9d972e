import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseHealth } from '@shop/shared-api/schemas';
import { canaryVerdict, guardCanaries } from './canary-guard.ts';
import { emptyRegistry, promote, type Registry } from './registry.ts';
import { loadRegistry, saveRegistry } from './registry-file.ts';
import { createFolderStore } from './stores/folder-store.ts';

const health = (release: string, loads: number, failures: number): ReleaseHealth => ({
  release,
  loads,
  failures,
  fellBack: failures,
  lastReason: failures ? 'Failed to load remoteEntry-abc.js' : null,
});

describe("a canary's verdict", () => {
  it('stays under 50 loads whatever failed, and at 2% or less; goes above 2%', () => {
    expect(canaryVerdict(undefined)).toBeNull();
    expect(canaryVerdict(health('r2', 49, 49))).toBeNull();
    expect(canaryVerdict(health('r2', 100, 2))).toBeNull();
    expect(canaryVerdict(health('r2', 100, 3))).toBe(
      '3 of 100 loads failed in the last hour (3.0%, more than 2%); last: Failed to load remoteEntry-abc.js',
    );
  });
});

describe('guarding the canaries', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-guard-'));
  afterEach(() => {
    vi.unstubAllGlobals();
    rmSync(folder, { recursive: true, force: true });
  });

  function releases(...ids: string[]): Registry {
    const base = emptyRegistry('storefront');
    return {
      ...base,
      releases: ids.map((id) => ({
        id,
        version: '1',
        commit: 'c',
        publishedAt: '',
        publishedBy: 'a',
        files: 1,
        bytes: 1,
      })),
    };
  }

  it('rolls back a canary that fails too often, says so, and records why', async () => {
    const store = createFolderStore(folder);
    await saveRegistry(
      store,
      promote(promote(releases('r1', 'r2'), 'r1', 100, 'a', true), 'r2', 10, 'a', true),
    );
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json({
        success: true,
        remote: 'storefront',
        minutes: 60,
        releases: [health('r2', 60, 6), health('r1', 600, 0)],
      });
    });
    const lines: string[] = [];
    const rolledBack = await guardCanaries({
      store,
      apiUrl: 'http://api.test/api/v1',
      apps: ['storefront'],
      by: 'release tool',
      log: (line) => lines.push(line),
    });

    expect(asked).toEqual(['http://api.test/api/v1/releases/health?remote=storefront']);
    expect(rolledBack).toEqual(['storefront r2']);
    expect(lines).toEqual([
      expect.stringMatching(/^storefront: the canary r2 was rolled back automatically: 6 of 60 loads failed/),
    ]);
    const registry = await loadRegistry(store, 'storefront');
    expect(registry.live).toEqual([{ id: 'r1', share: 100 }]);
    expect(registry.events.at(-1)).toMatchObject({ action: 'auto-rollback', id: 'r2', by: 'release tool' });
    const live = JSON.parse((await store.read('storefront/public/live.json'))!.toString());
    expect(live.live).toEqual([{ id: 'r1', share: 100, manifest: 'releases/r1/mf-manifest.json' }]);
  });

  it('leaves a healthy canary, and one it cannot ask about, live', async () => {
    const store = createFolderStore(folder);
    await saveRegistry(
      store,
      promote(promote(releases('r1', 'r2'), 'r1', 100, 'a', true), 'r2', 10, 'a', true),
    );
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: true, remote: 'storefront', minutes: 60, releases: [health('r2', 500, 1)] }),
    );
    expect(
      await guardCanaries({
        store,
        apiUrl: 'http://api.test/api/v1',
        apps: ['storefront'],
        by: 'x',
        log: () => {},
      }),
    ).toEqual([]);

    vi.stubGlobal('fetch', async () => new Response('down', { status: 503 }));
    const lines: string[] = [];
    expect(
      await guardCanaries({
        store,
        apiUrl: 'http://api.test/api/v1',
        apps: ['storefront'],
        by: 'x',
        log: (line) => lines.push(line),
      }),
    ).toEqual([]);
    expect(lines[0]).toMatch(/the canary r2 could not be checked/);
    expect((await loadRegistry(store, 'storefront')).live).toHaveLength(2);
  });
});
