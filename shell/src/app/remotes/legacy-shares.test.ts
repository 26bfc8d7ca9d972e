import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import { describe, expect, it } from 'vitest';
import { lendUnderLegacyNames } from './legacy-shares.ts';

const shareConfig = { singleton: true, strictVersion: true, requiredVersion: '^5.0.0' };
const shellQuery = { QueryClient: class ShellQueryClient {} };

function shellFederation(shared: Parameters<typeof createInstance>[0]['shared']): ModuleFederation {
  return createInstance({ name: 'shell', remotes: [], shared });
}

/** What a release built before the rename gets when it asks for TanStack Query by its package name. */
async function askedByOldRelease(federation: ModuleFederation) {
  const factory = await federation.loadShare<typeof shellQuery>('@tanstack/react-query', {
    customShareInfo: { version: '5.108.0', shareConfig },
  });
  return factory ? factory() : undefined;
}

describe('lendUnderLegacyNames', () => {
  it("answers a release built before the rename with the shell's own query module", async () => {
    const federation = shellFederation({
      '@shop/shared-query': { version: '5.108.0', lib: () => shellQuery, shareConfig },
    });
    lendUnderLegacyNames(federation);

    expect(await askedByOldRelease(federation)).toBe(shellQuery);
  });

  it('leaves such a release without a share when nothing is lent (it would load a second copy)', async () => {
    const federation = shellFederation({
      '@shop/shared-query': { version: '5.108.0', lib: () => shellQuery, shareConfig },
    });
    expect(await askedByOldRelease(federation)).toBeUndefined();
  });

  it('keeps a share the shell still provides under the old name', async () => {
    const whole = { QueryClient: class WholePackage {} };
    const federation = shellFederation({
      '@shop/shared-query': { version: '5.108.0', lib: () => shellQuery, shareConfig },
      '@tanstack/react-query': { version: '5.108.0', lib: () => whole, shareConfig },
    });
    lendUnderLegacyNames(federation);
    expect(await askedByOldRelease(federation)).toBe(whole);
  });
});
