/**
 * The deploy contract: what the shell, the build scripts and the federation config agree on about where the
 * parts of the shop live. One owner, so a port or a remote name is never restated (and never disagrees).
 */

/** The remotes the shell knows, by name only; their addresses come from config.json at run time. */
export const REMOTE_NAMES = ['storefront', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const APP_NAMES = ['shell', ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

export interface ShopPorts {
  shell: number;
  storefront: number;
  admin: number;
  api: number;
}

/** Ports of the assembled shop (README): each can be overridden by the variable of `portVariables`. */
export const defaultPorts: Readonly<ShopPorts> = { shell: 4000, storefront: 4001, admin: 4002, api: 3000 };

export const portVariables: Readonly<Record<keyof ShopPorts, string>> = {
  shell: 'SHELL_PORT',
  storefront: 'STOREFRONT_PORT',
  admin: 'ADMIN_PORT',
  api: 'API_PORT',
};

type Env = Record<string, string | undefined>;

/** The ports of this run: the defaults, overridden by SHELL_PORT, STOREFRONT_PORT, ADMIN_PORT, API_PORT. */
export function shopPorts(env: Env): ShopPorts {
  const port = (part: keyof ShopPorts) => {
    const name = portVariables[part];
    const value = Number(env[name] ?? defaultPorts[part]);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number`);
    return value;
  };
  return { shell: port('shell'), storefront: port('storefront'), admin: port('admin'), api: port('api') };
}

/** The file each remote publishes for the shell to find its entry; the only file a CDN must not cache. */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/**
 * The id of the `<style>` in which the shell's deploy step ships the design system's global styles (reset,
 * tokens as CSS variables, global CSS) taken from the build's prerender; the design system then leaves them
 * out of the page's runtime work (shared-ui/src/theme-provider.tsx). A server-rendered page's copy holds
 * only the tokens its markup draws with; the whole sheet is fetched after its first paint and applied when
 * the page needs it (page-server/src/documents/global-styles.ts, WHOLE_GLOBAL_STYLES_ATTRIBUTE).
 */
export const SHIPPED_GLOBAL_STYLES_ID = 'shop-global-styles';

/**
 * The attribute of a server-rendered page's `<style>` of its components' styles, naming the styles it holds
 * (`data-shop-rendered-styles="1wuhwfu d0apyh …"`). Emotion's own attribute (`data-emotion`) would have
 * each of the page's two style caches move the tag to the end of the head, three moves of a 30 KB sheet in
 * the task that evaluates the shared code; the design system's cache takes the names as written instead and
 * leaves the tag where it is (shared-ui/src/style-cache.ts, docs/performance.md).
 */
export const RENDERED_STYLES_ATTRIBUTE = 'data-shop-rendered-styles';

/**
 * The id of the inert `<template>` in which a prerendered or server-rendered page holds its module
 * preloads and its entry until its first paint (page-server/src/documents/shell-document.ts). The shell's
 * boot script, an inline script that imports nothing, starts them from it by this id (shell/index.html),
 * and the design system finds the page's held whole sheet there (shared-ui/src/whole-global-styles.ts).
 */
export const HELD_ENTRY_TEMPLATE_ID = 'shop-entry';

/**
 * The attribute of a server-rendered page's link to the design system's whole global sheet. The page's head
 * carries only the tokens and keyframes its markup draws with, and the link comes as `media="print"`:
 * fetched but not applied, as applying it restyles every element of the page (50-90 ms of a phone's main
 * thread after the first paint). The design system switches it on when the page first needs a token or
 * keyframes its head lacks, and the shell when the page moves to another address
 * (shared-ui/src/whole-global-styles.ts, docs/performance.md).
 */
export const WHOLE_GLOBAL_STYLES_ATTRIBUTE = 'data-shop-whole-sheet';

/**
 * The attribute of a prerendered page's picture boxes (`data-shop-first-picture="N"`): the shell's boot
 * script (shell/index.html) draws the picture of the Nth product of the page's first api call into that box
 * as soon as the answer arrives, before any JavaScript has loaded; the page then draws the same picture in
 * the same place when React takes it over (docs/performance.md, round 6).
 */
export const FIRST_PICTURE_ATTRIBUTE = 'data-shop-first-picture';
/** The `sizes` the page gives that box's picture, so the boot script picks the same copy (issue 28). */
export const FIRST_PICTURE_SIZES_ATTRIBUTE = 'data-shop-picture-sizes';
