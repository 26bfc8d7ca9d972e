import { describe, expect, it } from 'vitest';
import { bucketFromCookie, fallbackForBucket, releaseForBucket, type LiveReleases } from './releases.ts';

const canary: LiveReleases = {
  live: [
    { id: 'r2', share: 10, manifest: 'releases/r2/mf-manifest.json' },
    { id: 'r1', share: 90, manifest: 'releases/r1/mf-manifest.json' },
  ],
  previous: { id: 'r0', manifest: 'releases/r0/mf-manifest.json' },
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('buckets and releases', () => {
  it('gives the canary exactly its share of the 100 buckets, and the rest the other release', () => {
    const buckets = Array.from({ length: 100 }, (_, bucket) => releaseForBucket(canary.live, bucket).id);
    expect(buckets.filter((id) => id === 'r2')).toHaveLength(10);
    expect(buckets.filter((id) => id === 'r1')).toHaveLength(90);
  });

  it("falls a canary's browsers back to the release of the others, and theirs to the one before", () => {
    expect(fallbackForBucket(canary, 3)?.id).toBe('r1');
    expect(fallbackForBucket(canary, 50)?.id).toBe('r2');
    const one = { ...canary, live: [{ id: 'r1', share: 100, manifest: 'releases/r1/mf-manifest.json' }] };
    expect(fallbackForBucket(one, 50)?.id).toBe('r0');
    expect(fallbackForBucket({ ...one, previous: null }, 50)).toBeNull();
  });

  it('reads the bucket from its cookie among others, and nothing else as one', () => {
    expect(bucketFromCookie('a=1; shop_bucket=42; b=2')).toBe(42);
    expect(bucketFromCookie('shop_bucket=7')).toBe(7);
    for (const header of [
      undefined,
      '',
      'shop_bucket=100',
      'shop_bucket=-1',
      'xshop_bucket=5',
      'shop_bucket=5x',
    ])
      expect(bucketFromCookie(header)).toBeNull();
  });
});
