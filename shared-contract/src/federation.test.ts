import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEGACY_SHARE_NAMES, withLegacyShareNames } from './federation.ts';

describe('withLegacyShareNames', () => {
  it('adds each old share name standing for what its new name stands for', () => {
    const query = { QueryClient: 'the shell copy' };
    const shares = withLegacyShareNames({ react: { version: 19 }, '@shop/shared-query': query });
    expect(shares['@tanstack/react-query']).toBe(query);
    expect(shares['@shop/shared-query']).toBe(query);
    expect(Object.keys(shares)).toEqual(['react', '@shop/shared-query', '@tanstack/react-query']);
  });

  it('keeps a value given under the old name, and adds nothing for a share that is not there', () => {
    expect(
      withLegacyShareNames({ '@tanstack/react-query': '5.0.0', '@shop/shared-query': '5.108.0' }),
    ).toEqual({
      '@tanstack/react-query': '5.0.0',
      '@shop/shared-query': '5.108.0',
    });
    expect(withLegacyShareNames({ react: '19.3.1' })).toEqual({ react: '19.3.1' });
  });

  it('names only shares that exist under their new name in the federation config', async () => {
    const { sharedDependencies } = await import('../../federation.shared.ts');
    const shared = Object.keys(sharedDependencies());
    for (const [legacy, current] of Object.entries(LEGACY_SHARE_NAMES)) {
      expect(shared).toContain(current);
      expect(shared).not.toContain(legacy);
    }
  });
});

describe('@shop/shared-query', () => {
  const manifest = (dir: string) =>
    JSON.parse(readFileSync(new URL(`../../${dir}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
      dependencies?: Record<string, string>;
    };

  it('carries, and is versioned as, the TanStack Query the apps are tested with', () => {
    // Builds alias the apps' imports to this package, tests do not: a different copy would ship untested,
    // and the version-skew check reads this package's version.
    const shared = manifest('shared-query');
    expect(shared.dependencies?.['tanstack-react-query']).toBe(`npm:@tanstack/react-query@${shared.version}`);
    for (const app of ['shell', 'storefront', 'admin', 'shared-api', 'shared-auth'])
      expect(manifest(app).dependencies?.['@tanstack/react-query'], app).toBe(shared.version);
  });
});
