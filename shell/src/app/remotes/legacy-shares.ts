import type { ModuleFederation } from '@module-federation/runtime';
import { LEGACY_SHARE_NAMES } from '@shop/shared-contract';

type ShareArgs = NonNullable<Parameters<ModuleFederation['registerShared']>[0]>[string];

/**
 * Registers the shell's own shares under the names older releases ask for (`LEGACY_SHARE_NAMES`): the same
 * version, the same module getter, so such a release gets the very module the shell renders with. Call
 * before any remote loads; the version-skew guard then checks the old name like any other share.
 */
export function lendUnderLegacyNames(federation: ModuleFederation): void {
  const registered = federation.options.shared;
  const lent: Record<string, ShareArgs> = {};
  for (const [legacy, current] of Object.entries(LEGACY_SHARE_NAMES)) {
    if (registered[legacy]) continue; // still shared under that name
    const own = registered[current]?.find((share) => share.from === federation.options.name);
    if (!own) continue;
    const { version, get, lib, loaded, shareConfig, scope } = own;
    lent[legacy] = { version, get, lib, loaded, shareConfig, scope };
  }
  if (Object.keys(lent).length > 0) federation.registerShared(lent);
}
