import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sharedUiDir = fileURLToPath(new URL('./shared-ui/', import.meta.url));

/**
 * What the shell and both remotes share at run time. Every entry is a singleton so the page holds one
 * React, one router, one query cache, one session store, one cart, one toast store and one design system,
 * whichever app loaded first.
 *
 * Chakra UI and emotion are not shared on their own: apps import components from `@shop/shared-ui`, which
 * carries Chakra trimmed by the bundler to the components the shop uses. Shared whole, Chakra cost 326 KB
 * gzip on every page; inside the design system it costs about half (docs/federation.md).
 */
export function sharedDependencies({ standaloneDev = false, remote = false, host = false } = {}) {
  // A remote started alone on its dev server has no host to provide shared modules before they are used
  // at module scope (Chakra calls jsx(), the stores call zustand's create()), so there every share ships
  // in the entry. Builds keep them lazy: the shell provides them and remotes never download their copies.
  //
  // Version skew (docs/federation.md): the contract is the major. A remote built against a newer minor
  // accepts the shell's copy (`^MAJOR.0.0`); one built against another major is refused, by the shell's
  // manifest check before its code runs and, as a backstop, by the runtime (`strictVersion` throws instead
  // of warning and running with a mismatched singleton).
  //
  // The shell's build (`host`) provides every share eagerly: each page runs all of them before its first
  // render anyway, and a lazy share of the host is a dynamic import that Rolldown turns into a small
  // re-export file per package (11 requests on every page). Remotes keep theirs lazy.
  const singleton = { singleton: true, strictVersion: true, eager: standaloneDev || host } as const;
  // The shell always provides the workspace packages. Without `import: false` a remote build carries its
  // own copy of each inside its entry chunks and downloads it on every page, even though it goes unused.
  const hostProvided = remote && !standaloneDev ? { ...singleton, import: false as const } : singleton;
  return {
    react: { ...singleton, requiredVersion: '^19.0.0' },
    'react-dom': { ...singleton, requiredVersion: '^19.0.0' },
    // The router is shared as @shop/shared-router (the parts of react-router the shop uses) instead of
    // react-router-dom whole: 64 KB gzip less on every page. Builds alias 'react-router-dom' to it
    // (`shopAliases`); its version is react-router's, so skew is checked by major as for the others.
    '@shop/shared-router': { ...hostProvided, requiredVersion: '^7.0.0' },
    zustand: { ...singleton, requiredVersion: '^5.0.0' },
    // One query cache per page: the storefront and the admin panel read and invalidate the same entries.
    // Shared as @shop/shared-query (the parts of TanStack Query the shop uses), as the router is: builds
    // alias '@tanstack/react-query' to it (`shopAliases`). Its version is TanStack Query's.
    '@shop/shared-query': { ...hostProvided, requiredVersion: '^5.0.0' },
    // Only the client: `@shop/shared-api/schemas` (the validators, with zod) is left out on purpose, so each
    // app bundles it into the chunks of its forms. Shared, it would load on every page: the plugin gathers
    // an app's share wrappers into one chunk, and each wrapper starts its download when that chunk runs.
    '@shop/shared-api': hostProvided,
    '@shop/shared-auth': hostProvided,
    '@shop/shared-cart': hostProvided,
    '@shop/shared-ui': hostProvided,
    // The design system's on-demand entries (docs/performance.md, round 3), each its own share so a page
    // downloads one only when it renders one of its components. The shell provides them without importing
    // them (it calls `loadOverlays()`): a host's imported shares are loaded at start-up on every page.
    // Never eager, not even in the shell's build: an eager share is part of the first chunk of every page.
    '@shop/shared-ui/overlays': { ...hostProvided, eager: standaloneDev },
    '@shop/shared-ui/slider': { ...hostProvided, eager: standaloneDev },
  };
}

/**
 * The apps import 'react-router-dom'; their builds resolve it to the shared, trimmed router. Exact match
 * only: '@shop/shared-router' itself imports 'react-router'.
 */
const routerAlias = { find: /^react-router-dom$/, replacement: '@shop/shared-router' };

/**
 * The apps import '@tanstack/react-query'; their builds resolve it to the shared, trimmed query package.
 * Exact match only; '@shop/shared-query' itself imports the library as 'tanstack-react-query'.
 */
const queryAlias = { find: /^@tanstack\/react-query$/, replacement: '@shop/shared-query' };

const chakraRecipes = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve('@chakra-ui/react/package.json', { paths: [sharedUiDir] }),
  ),
  'dist/esm/theme/recipes',
);

/**
 * The on-demand entries' own Chakra recipes (`@chakra-ui/react/theme/recipes/<file>`, shared-ui's
 * overlay-components.ts and slider.ts), read from Chakra's file under a module id of their own. Imported
 * from '@chakra-ui/react/theme', a recipe lands in the first chunk of every page whoever uses it: Rolldown
 * places a module by what imports it, and that barrel, which the shop's theme needs, imports every recipe
 * (2.7 KB gzip on every page for six of them; docs/performance.md). TypeScript sees the same names through
 * shared-ui/src/on-demand-recipes.d.ts.
 *
 * The dev server has no chunks to keep apart, and its dependency optimizer cannot load a file with a
 * query: there the name resolves to Chakra's file as it is.
 */
export function onDemandRecipeAlias(command: 'build' | 'serve') {
  return {
    find: /^@chakra-ui\/react\/theme\/recipes\/([a-z-]+)$/,
    replacement: `${chakraRecipes}/$1.js${command === 'build' ? '?on-demand' : ''}`,
  };
}

/** The module names the apps' builds and dev servers resolve their own way. */
export function shopAliases(command: 'build' | 'serve') {
  return [routerAlias, queryAlias, onDemandRecipeAlias(command)];
}

/**
 * Chunk groups (Rolldown `output.codeSplitting.groups`, kept by @module-federation/vite below its own
 * groups) that merge files every page downloads together anyway (docs/federation.md, round 3).
 *
 * The federation runtime (@module-federation/runtime, its sdk and error codes) came out of the build as
 * three files, one of them 88 bytes; in one chunk they are one request.
 */
export const federationRuntimeGroup = {
  name: 'federation-runtime',
  test: /[\\/]node_modules[\\/].*@module-federation[\\/]/,
  priority: 20,
};

/**
 * `VITE_UNMINIFIED=1` builds keep the functions' names, for the CPU profiles of
 * scripts/bench/main-thread.ts and of the page server (its server builds too, server-vite-config.ts); a
 * VITE_ variable, so such a build is never taken for the current one (scripts/lib/build-apps.ts stamps
 * them; a shop started without it builds again). Never deployed.
 */
export const minify: 'oxc' | false = process.env.VITE_UNMINIFIED ? false : 'oxc';
