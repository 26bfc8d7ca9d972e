import { describe, expect, it } from 'vitest';
import { emptyRegistry, liveDocument, promote, RefusedChange, rollback, type Registry } from './registry.ts';

const passed = { passed: true, at: '2026-11-25T10:00:00.000Z', lines: ['✓ home'] };
const failed = {
  passed: false,
  at: '2026-11-25T10:00:00.000Z',
  lines: ['✓ home', '✗ checkout: no Pay button'],
};

function withReleases(...ids: string[]): Registry {
  return {
    ...emptyRegistry('storefront'),
    releases: ids.map((id) => ({
      id,
      version: '1.0.0',
      commit: 'abc1234',
      publishedAt: '2026-11-25T09:00:00.000Z',
      publishedBy: 'Asha',
      files: 10,
      bytes: 1000,
      check: id.startsWith('broken') ? failed : passed,
    })),
  };
}

describe('the release record', () => {
  it('makes the first release live for everyone, then a canary beside it, then the canary for everyone', () => {
    let registry = promote(withReleases('r1', 'r2'), 'r1', 100, 'Asha');
    expect(registry.live).toEqual([{ id: 'r1', share: 100 }]);
    expect(registry.previous).toEqual([]);

    registry = promote(registry, 'r2', 10, 'Ravi');
    expect(registry.live).toEqual([
      { id: 'r2', share: 10 },
      { id: 'r1', share: 90 },
    ]);
    expect(liveDocument(registry).previous).toBeNull();

    registry = promote(registry, 'r2', 100, 'Ravi');
    expect(registry.live).toEqual([{ id: 'r2', share: 100 }]);
    expect(registry.previous).toEqual(['r1']);
    expect(registry.events.map((event) => `${event.action} ${event.id} ${event.share} ${event.by}`)).toEqual([
      'promote r1 100 Asha',
      'promote r2 10 Ravi',
      'promote r2 100 Ravi',
    ]);
  });

  it('rolls a canary back to the release live for the others, and a full release back to the one before', () => {
    const live = promote(promote(withReleases('r1', 'r2', 'r3'), 'r1', 100, 'a'), 'r2', 100, 'a');
    const canary = promote(live, 'r3', 25, 'a');
    expect(rollback(canary, 'b').live).toEqual([{ id: 'r2', share: 100 }]);
    expect(rollback(canary, 'b').previous).toEqual(['r1']);

    const back = rollback(live, 'b');
    expect(back.live).toEqual([{ id: 'r1', share: 100 }]);
    expect(back.previous).toEqual([]);
    expect(() => rollback(back, 'b')).toThrow(RefusedChange);
  });

  it('refuses a release that failed its check or was never checked, unless forced', () => {
    const registry = withReleases('broken-1');
    expect(() => promote(registry, 'broken-1', 100, 'a')).toThrow(
      /failed its check.*checkout: no Pay button.*--force/,
    );
    const unchecked = { ...registry, releases: [{ ...registry.releases[0]!, check: undefined }] };
    expect(() => promote(unchecked, 'broken-1', 100, 'a')).toThrow(
      /has not been checked: pnpm release check/,
    );
    expect(promote(registry, 'broken-1', 100, 'a', true).live).toEqual([{ id: 'broken-1', share: 100 }]);
  });

  it('refuses an unknown release and a share that is not 1 to 100', () => {
    const registry = withReleases('r1');
    expect(() => promote(registry, 'r9', 100, 'a')).toThrow(/no release r9/);
    for (const share of [0, 101, 12.5, Number.NaN])
      expect(() => promote(registry, 'r1', share, 'a')).toThrow(/--share/);
  });

  it('says in live.json where each live release and the fall-back are', () => {
    const registry = promote(promote(withReleases('r1', 'r2'), 'r1', 100, 'a'), 'r2', 100, 'a');
    const document = liveDocument(
      promote(
        { ...registry, releases: [...registry.releases, ...withReleases('r3').releases] },
        'r3',
        10,
        'a',
      ),
    );
    expect(document.live).toEqual([
      { id: 'r3', share: 10, manifest: 'releases/r3/mf-manifest.json' },
      { id: 'r2', share: 90, manifest: 'releases/r2/mf-manifest.json' },
    ]);
    expect(document.previous).toEqual({ id: 'r1', manifest: 'releases/r1/mf-manifest.json' });
  });
});
