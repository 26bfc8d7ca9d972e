import { describe, expect, it, vi } from 'vitest';
import {
  findVersionSkew,
  RemoteVersionSkewError,
  versionSkewGuard,
  versionSkewOf,
  type RemoteShare,
} from './versionSkew.ts';

const shell = { react: '19.3.1', 'react-router-dom': '7.18.5', '@shop/shared-ui': '0.1.0' };

describe('findVersionSkew', () => {
  it('accepts a remote built against a newer minor or patch of a shared package', () => {
    const shares = [
      { name: 'react', version: '19.4.0', requiredVersion: '^19.0.0' },
      { name: 'react-router-dom', version: '7.19.2', requiredVersion: '^7.0.0' },
      { name: '@shop/shared-ui', version: '0.1.0', requiredVersion: '*' },
    ];
    expect(findVersionSkew('storefront', shares, shell)).toBeUndefined();
  });

  it('refuses a remote built against another major, naming the package and both versions', () => {
    const shares = [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.0.0' },
      { name: 'react-router-dom', version: '8.0.0', requiredVersion: '^8.0.0' },
    ];
    expect(findVersionSkew('storefront', shares, shell)).toEqual({
      remote: 'storefront',
      pkg: 'react-router-dom',
      builtWith: '8.0.0',
      requires: '^8.0.0',
      provided: '7.18.5',
    });
  });

  it('refuses another major even when the remote declares a loose range', () => {
    const shares = [{ name: 'react', version: '20.0.0', requiredVersion: '*' }];
    expect(findVersionSkew('admin', shares, shell)?.pkg).toBe('react');
  });

  it('refuses a range the shell version does not satisfy', () => {
    const shares = [{ name: 'react-router-dom', version: '7.20.0', requiredVersion: '^7.20.0' }];
    expect(findVersionSkew('storefront', shares, shell)?.requires).toBe('^7.20.0');
  });

  it('ignores packages the shell does not share', () => {
    const shares = [{ name: 'recharts', version: '3.0.0', requiredVersion: '^3.0.0' }];
    expect(findVersionSkew('admin', shares, shell)).toBeUndefined();
  });
});

describe('versionSkewOf', () => {
  it('finds the skew through wrapping errors, and nothing in an ordinary outage', () => {
    const skew = {
      remote: 'storefront',
      pkg: 'react',
      builtWith: '20.0.0',
      requires: '^20.0.0',
      provided: '19.3.1',
    };
    const wrapped = new Error('load failed', { cause: new RemoteVersionSkewError(skew) });
    expect(versionSkewOf(wrapped)).toEqual(skew);
    expect(versionSkewOf(new Error('Failed to get manifest'))).toBeUndefined();
  });
});

describe('versionSkewGuard', () => {
  type SnapshotArgs = Parameters<NonNullable<ReturnType<typeof versionSkewGuard>['loadRemoteSnapshot']>>[0];

  /** The hook's arguments for a remote whose manifest declares `shared`, in a shell sharing the query package. */
  const snapshotOf = (shared: RemoteShare[]) =>
    ({
      from: 'manifest',
      manifestJson: { shared },
      moduleInfo: { name: 'storefront' },
      options: {
        name: 'shell',
        shared: { '@shop/shared-query': [{ version: '5.108.0', from: 'shell' }] },
      },
    }) as unknown as SnapshotArgs;

  const guard = versionSkewGuard();
  const check = (shared: RemoteShare[]) => () => guard.loadRemoteSnapshot!(snapshotOf(shared));

  it("checks a release built before a share's rename under the old name, against the new share", () => {
    const old = { name: '@tanstack/react-query', requiredVersion: '^5.0.0' };
    expect(check([{ ...old, version: '5.90.0' }])).not.toThrow();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(check([{ ...old, version: '6.0.0', requiredVersion: '^6.0.0' }])).toThrow(
      /built against @tanstack\/react-query 6\.0\.0 \(needs \^6\.0\.0\); this shop provides @tanstack\/react-query 5\.108\.0/,
    );
  });
});
