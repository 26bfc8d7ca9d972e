/**
 * What the shell and both remotes share at run time. Every entry is a singleton so the page holds one
 * React, one router, one Chakra system, one session store and one toast store, whichever app loaded first.
 * The workspace packages are shared too: a remote's `useCurrentUser()` must read the shell's store.
 */
export function sharedDependencies({ standaloneDev = false } = {}) {
  // A remote started alone on its dev server has no host to provide shared modules before they are used
  // at module scope (Chakra calls jsx(), the stores call zustand's create()), so there every share ships
  // in the entry. Builds keep them lazy: the shell provides them and remotes never download their copies.
  const singleton = { singleton: true, eager: standaloneDev } as const;
  return {
    react: { ...singleton, requiredVersion: '^19.3.0' },
    'react-dom': { ...singleton, requiredVersion: '^19.3.0' },
    'react-router-dom': { ...singleton, requiredVersion: '^7.18.0' },
    zustand: { ...singleton, requiredVersion: '^5.1.0' },
    '@chakra-ui/react': { ...singleton, requiredVersion: '^3.37.0' },
    '@emotion/react': { ...singleton, requiredVersion: '^11.14.0' },
    '@shop/shared-api': singleton,
    '@shop/shared-auth': singleton,
    '@shop/shared-ui': singleton,
  };
}

/** Ports of the assembled shop; each can be overridden by environment variable (see README). */
export const defaultPorts = { shell: 4000, storefront: 4001, admin: 4002, api: 3000 } as const;
