import type { LiveReleases, RuntimeConfig } from '@shop/shared-contract';
import { testRuntimeConfig } from '@shop/shared-contract/testing';
import { describe, expect, it } from 'vitest';
import { visitorConfig } from './visitor-release.ts';

const base = testRuntimeConfig;
const release = (id: string, share: number) => ({ id, share, manifest: `releases/${id}/mf-manifest.json` });
const canary: LiveReleases = {
  live: [release('r2', 10), release('r1', 90)],
  previous: null,
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const everyone: LiveReleases = {
  live: [release('r2', 100)],
  previous: { id: 'r1', manifest: 'releases/r1/mf-manifest.json' },
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe("a visitor's config", () => {
  it('names the release of their bucket, its fall-back and where live.json is', () => {
    const visitor = visitorConfig(base, { storefront: canary }, 'shop_bucket=4', false, new Map());
    expect(visitor.config.remotes).toEqual({
      storefront: 'https://cdn.example.com/storefront/releases/r2/mf-manifest.json',
      admin: 'http://localhost:4002/mf-manifest.json',
    });
    expect(visitor.config.releases).toEqual({
      storefront: {
        id: 'r2',
        liveAt: 'https://cdn.example.com/storefront/live.json',
        fallback: { id: 'r1', manifest: 'https://cdn.example.com/storefront/releases/r1/mf-manifest.json' },
      },
    });
    expect(visitor).toMatchObject({ canary: true, setCookie: null });
    expect(
      visitorConfig(base, { storefront: canary }, 'shop_bucket=10', false, new Map()).config.releases
        ?.storefront?.id,
    ).toBe('r1');
  });

  it('draws a bucket for a first visit during a canary, and keeps it a year', () => {
    const visitor = visitorConfig(base, { storefront: canary }, undefined, true, new Map());
    const bucket = Number(/^shop_bucket=(\d+);/.exec(visitor.setCookie ?? '')?.[1]);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(100);
    expect(visitor.setCookie).toContain('Max-Age=31536000');
    expect(visitor.setCookie).toContain('HttpOnly');
    expect(visitor.setCookie).toContain('Secure');
    expect(visitor.config.releases?.storefront?.id).toBe(bucket < 10 ? 'r2' : 'r1');
  });

  it('sets no cookie and serves one page for all when no canary is live', () => {
    const memo = new Map<string, RuntimeConfig>();
    const first = visitorConfig(base, { storefront: everyone }, undefined, false, memo);
    const second = visitorConfig(base, { storefront: everyone }, 'shop_bucket=3', false, memo);
    expect(first).toMatchObject({ canary: false, setCookie: null });
    expect(second.config).toBe(first.config);
    expect(first.config.releases?.storefront?.fallback?.id).toBe('r1');
  });

  it('serves the configured manifests unchanged when no remote publishes releases', () => {
    const visitor = visitorConfig(base, {}, undefined, false, new Map());
    expect(visitor.config).toBe(base);
    expect(visitor.setCookie).toBeNull();
  });
});
