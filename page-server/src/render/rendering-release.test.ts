import type { LiveReleases, StorefrontServerEntry } from '@shop/shared-contract';
import { testRuntimeConfig } from '@shop/shared-contract/testing';
import { describe, expect, it, vi } from 'vitest';
import { visitorConfig } from '../releases/visitor-release.ts';
import { createRenderingReleases, type RenderingReleasesOptions } from './rendering-release.ts';
import type { ShellServer } from './shell-server.ts';
import type { StorefrontRelease, StorefrontReleaseWatch } from './storefront-release.ts';

const base = testRuntimeConfig;
const manifestOf = (id: string) => `https://cdn.example.com/storefront/releases/${id}/mf-manifest.json`;
// r2 is live for everyone, r1 before it: r2's visitors fall back to r1.
const live: LiveReleases = {
  live: [{ id: 'r2', share: 100, manifest: 'releases/r2/mf-manifest.json' }],
  previous: { id: 'r1', manifest: 'releases/r1/mf-manifest.json' },
  updatedAt: '2026-12-02T10:00:00.000Z',
};
const visitor = visitorConfig(base, { storefront: live }, undefined, false, new Map());

const releaseAt = (manifestUrl: string): StorefrontRelease => ({
  key: `${manifestUrl}#server-entry`,
  entry: {} as StorefrontServerEntry,
  browserManifest: manifestUrl,
});

/** Releases by manifest address that render (a release) or not (the reason); the watches made, in order. */
function renderingWith(
  usable: Record<string, StorefrontRelease | string>,
  shell: ShellServer | null = {} as ShellServer,
) {
  const watched: string[] = [];
  const fellBack = vi.fn<RenderingReleasesOptions['fellBack']>();
  const watch = ({ manifestUrl }: { manifestUrl: string }): StorefrontReleaseWatch => {
    watched.push(manifestUrl);
    const state = usable[manifestUrl] ?? 'no server entry';
    return {
      release: () => Promise.resolve(typeof state === 'string' ? null : state),
      reason: () => (typeof state === 'string' ? state : null),
    };
  };
  const releases = createRenderingReleases({
    shell,
    checkEveryMs: 0,
    timeoutMs: 1000,
    log: () => {},
    fellBack,
    watch,
  });
  return { ...releases, watched, fellBack };
}

describe('the storefront release a page is rendered with', () => {
  it("is the visitor's own when its server entry works, with their config and key as they are", async () => {
    const r2 = releaseAt(manifestOf('r2'));
    const { renderingFor, fellBack } = renderingWith({
      [manifestOf('r2')]: r2,
      [manifestOf('r1')]: releaseAt(manifestOf('r1')),
    });
    await expect(renderingFor(visitor)).resolves.toEqual({
      release: r2,
      config: visitor.config,
      key: visitor.key,
    });
    expect(fellBack).not.toHaveBeenCalled();
  });

  it("is the fall-back release when the visitor's own cannot render: the page loads the fall-back and is cached apart", async () => {
    const r1 = releaseAt(manifestOf('r1'));
    const { renderingFor, fellBack } = renderingWith({
      [manifestOf('r2')]: 'it was built against react 20.0.0',
      [manifestOf('r1')]: r1,
    });
    const rendering = await renderingFor(visitor);
    expect(rendering.release).toBe(r1);
    expect(rendering.config.remotes).toEqual({ ...visitor.config.remotes, storefront: manifestOf('r1') });
    expect(rendering.config.releases?.storefront).toEqual({
      id: 'r1',
      liveAt: 'https://cdn.example.com/storefront/live.json',
    });
    expect(rendering.key).not.toBe(visitor.key);
    expect(fellBack).toHaveBeenCalledExactlyOnceWith({
      remote: 'storefront',
      release: 'r2',
      reason: 'server entry: it was built against react 20.0.0',
      fellBackTo: 'r1',
    });
  });

  it('is none (the page is prerendered) when neither renders, or there is no fall-back, or no shell build', async () => {
    const neither = renderingWith({});
    await expect(neither.renderingFor(visitor)).resolves.toEqual({
      release: null,
      config: visitor.config,
      key: visitor.key,
    });
    expect(neither.fellBack).not.toHaveBeenCalled();

    const alone = visitorConfig(base, {}, undefined, false, new Map());
    await expect(renderingWith({}).renderingFor(alone)).resolves.toMatchObject({
      release: null,
      config: alone.config,
    });

    const noShell = renderingWith({ [manifestOf('r2')]: releaseAt(manifestOf('r2')) }, null);
    await expect(noShell.renderingFor(visitor)).resolves.toMatchObject({ release: null });
    expect(noShell.watched).toEqual([]);
  });

  it('watches each release once, and no more than eight at a time (the oldest goes)', async () => {
    const { storefrontOf, watched } = renderingWith({});
    const first = storefrontOf(manifestOf('r0'));
    expect(storefrontOf(manifestOf('r0'))).toBe(first);
    for (let n = 1; n <= 8; n += 1) storefrontOf(manifestOf(`r${n}`));
    expect(watched).toHaveLength(9);
    // r0 was dropped for r8: asked again, it is watched anew; r8 is still watched.
    expect(storefrontOf(manifestOf('r0'))).not.toBe(first);
    storefrontOf(manifestOf('r8'));
    expect(watched).toHaveLength(10);
  });
});
