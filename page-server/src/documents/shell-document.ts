import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  HELD_ENTRY_TEMPLATE_ID,
  WHOLE_GLOBAL_STYLES_ATTRIBUTE,
  type RuntimeConfig,
} from '@shop/shared-contract';
import { firstApiCall } from './first-api-call.ts';
import { globalStyleSheet, type GlobalStyleSheet } from './global-styles.ts';

/**
 * The shell's deploy step: the page the shell serves, written when config.json is known. It is the built
 * `index.html` with, at its `<!-- shop:deploy -->` mark:
 *
 * - config.json itself, as a JSON data block (no request for it before the boot can start);
 * - preconnects to the storefront and the api;
 * - preloads of the storefront's manifest, remote entry and routes module, read from the manifest the
 *   config names, so the first page's code downloads in parallel with the shell's own instead of after it
 *   (not on `/admin` pages, which load no storefront: a preconnect to the admin remote instead);
 * - the design system's global styles (reset, tokens, global CSS) as one `<style>`, taken from the
 *   prerender: the page's JavaScript then neither builds nor inserts them (shared-ui/src/theme-provider.tsx);
 *   a server-rendered page's copy is cut to the tokens it draws with, and the whole sheet waits with the
 *   JavaScript (global-styles.ts);
 * - the prerendered first paint (scripts/prerender.ts) inside `#root`: the shell's frame and the storefront's
 *   page read from beside its manifest (`prerender-<page>.html`): on `/` the home, so the hero is in the
 *   first response; on the plain catalog and a product page their loading skeletons, whose picture boxes
 *   the boot script fills from the first api answer (other addresses and `/admin` get no prerender);
 * - on those two, a preload of the page's first api call (first-api-call.ts), which the boot script sends.
 *
 * A remote release re-runs this step (as it rewrites config.json): the preloads follow the new manifest
 * and the shell is not rebuilt. The built index.html is never changed, and nothing executable is added,
 * so the inline scripts (and their CSP hashes) are the build's own.
 */
export const DEPLOY_MARK = '<!-- shop:deploy -->';
/** Where `documentFor` writes the preload of an address's first api call (first-api-call.ts). */
const FIRST_API_CALL_MARK = '<!-- shop:first-api-call -->';

interface RemoteManifest {
  metaData: { remoteEntry: { path: string; name: string } };
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

/** The storefront's first files, or none when its manifest cannot be read (the page then boots without). */
async function storefrontFiles(manifestUrl: string, timeoutMs: number): Promise<string[]> {
  try {
    const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return [];
    const manifest = (await response.json()) as RemoteManifest;
    const { path: entryPath, name } = manifest.metaData.remoteEntry;
    const routes = manifest.exposes.find((expose) => expose.name === 'routes');
    return [`${entryPath}${name}`, ...(routes?.assets.js.sync ?? [])].map((file) =>
      new URL(file, manifestUrl).toString(),
    );
  } catch {
    return [];
  }
}

/** The storefront's prerendered pages (storefront/src/prerender.tsx), each beside its manifest. */
type PrerenderedPage = 'home' | 'catalog' | 'product';
const PRERENDERED_PAGES: readonly PrerenderedPage[] = ['home', 'catalog', 'product'];

/** A prerendered page from the release the manifest names, or null. */
async function storefrontPage(manifestUrl: string, page: PrerenderedPage, timeoutMs: number) {
  try {
    const response = await fetch(new URL(`prerender-${page}.html`, manifestUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** What the shell's first render draws while a route's code arrives: the frame keeps the footer below. */
const ROUTE_PLACEHOLDER = '<div style="min-height:100vh"></div>';
const ROUTE_SLOT = '<shop-route-slot></shop-route-slot>';

/**
 * The styles of emotion's <Global>s in a prerender (`data-emotion="css-global <name>"`): the design system's
 * layer order, reset, tokens and global CSS, in that order.
 */
const GLOBAL_STYLE = /<style data-emotion="css-global[^"]*"[^>]*>([^<]*)<\/style>/g;

/** The frame's global styles, for the page's one stylesheet of them; null when the prerender has none. */
function shippedGlobalStyles(frame: string): GlobalStyleSheet | null {
  const css = [...frame.matchAll(GLOBAL_STYLE)].map(([, rules]) => rules).join('');
  return css ? globalStyleSheet(css) : null;
}

const withoutGlobalStyles = (html: string) => html.replace(GLOBAL_STYLE, '');

/** Each emotion style once: the shell's frame and the storefront's fragment draw some of the same boxes. */
function withoutRepeatedStyles(html: string): string {
  const seen = new Set<string>();
  return html.replace(/<style data-emotion="([^"]*)"[^>]*>[^<]*<\/style>/g, (tag, key: string) => {
    if (seen.has(key)) return '';
    seen.add(key);
    return tag;
  });
}

/**
 * The page a server render goes into (page-server/src/documents/page-document.ts): everything before the
 * rendered markup of `#root` and everything after it, with the design system's global styles in the head
 * and the JavaScript held until the first paint, as on the prerendered pages.
 */
export interface RenderedDocument {
  before: string;
  after: string;
  /** The global styles `before` carries whole, which a page's document cuts to what it uses. */
  globalStyles?: GlobalStyleSheet;
}

/** The page for each kind of address; `documentFor` picks one. */
export interface ShellDocuments {
  home: string;
  /** The plain catalog and a product page: prerendered when the storefront published theirs. */
  catalog: string;
  product: string;
  other: string;
  admin: string;
  apiBaseUrl: string;
  /** The config.json these pages carry. */
  config: RuntimeConfig;
  /**
   * What a server-rendered page goes into: the storefront's and shell's pages (with the storefront's
   * preloads) and the admin panel's (without). Null without the build's prerendered frame, whose global
   * styles a rendered page needs.
   */
  rendered: { page: RenderedDocument; admin: RenderedDocument } | null;
}

export function documentFor(documents: ShellDocuments, pathname: string, search = ''): string {
  if (pathname === '/' || pathname === '/index.html') return documents.home;
  if (pathname.startsWith('/admin')) return documents.admin;
  const call = firstApiCall(documents.apiBaseUrl, pathname, search);
  if (!call) return documents.other.replace(FIRST_API_CALL_MARK, '');
  // The api client sends cookies (credentials: 'include'): the preload must too, or the browser keeps
  // the two apart and asks twice.
  const preload = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(call)}" data-shop-first-call />`;
  const page = pathname === '/products' ? documents.catalog : documents.product;
  return page.replace(FIRST_API_CALL_MARK, () => preload);
}

/**
 * The boot script's part for a page without server-rendered content (shell/index.html,
 * `data-shop-unrendered-only`): the first api call of a prerendered page, whose data a rendered page
 * carries instead, and the storefront's preloads when the deploy step wrote none. A rendered page leaves
 * it out (0.6 KB of brotli) unless it lacks those preloads.
 */
const withoutUnrenderedBoot = (html: string) =>
  html.replace(/\s*<script data-shop-unrendered-only>[\s\S]*?<\/script>/, '');

/** A page split around its empty `#root`, where the server's render goes. */
function renderedDocument(html: string): RenderedDocument {
  // A rendered page works without JavaScript: no "needs JavaScript" notice under it.
  const [before, after] = html
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .split('<div id="root"></div>');
  if (before === undefined || after === undefined)
    throw new Error('the shell page has no empty <div id="root">');
  return { before: `${before}<div id="root">`, after: `</div>${after}` };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
// JSON inside <script>: '<' escaped so no value can close the element.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function shellDocuments(
  shellDir: string,
  config: RuntimeConfig,
  { timeoutMs = 3000 }: { timeoutMs?: number } = {},
): Promise<ShellDocuments> {
  const built = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  if (!built.includes(DEPLOY_MARK)) throw new Error(`${shellDir}/index.html has no ${DEPLOY_MARK} mark`);
  const manifestUrl = config.remotes.storefront;
  const [files, ...pages] = await Promise.all([
    storefrontFiles(manifestUrl, timeoutMs),
    ...PRERENDERED_PAGES.map((page) => storefrontPage(manifestUrl, page, timeoutMs)),
  ]);
  const [home, catalog, product] = pages;
  const origin = (url: string) => new URL(url).origin;
  const everyPage = [
    // `config` was checked when it was made (shellConfig parses it), so the shell takes this one unchecked.
    `<script type="application/json" id="shop-config">${jsonForScript(config)}</script>`,
    `<link rel="preconnect" href="${escapeAttribute(origin(config.apiBaseUrl))}" />`,
  ];
  const lines = [
    ...everyPage,
    FIRST_API_CALL_MARK,
    ...(files.length
      ? [
          `<link rel="preconnect" href="${escapeAttribute(origin(manifestUrl))}" crossorigin />`,
          // The federation runtime fetches the manifest (cors, no credentials): the same request.
          `<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin data-shop-preload />`,
          ...files.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}" crossorigin />`),
        ]
      : []),
  ];
  const page = built.replace(DEPLOY_MARK, lines.join('\n    '));
  // The admin panel's pages load no storefront (shell/src/main.tsx): its preloads cost an admin page 8
  // scripts and 17 KB. Nothing of the admin remote is preloaded either, since the page does not know yet
  // whether its visitor is an admin; a connection to it is opened, which fetches nothing.
  const adminPage = built.replace(
    DEPLOY_MARK,
    [
      ...everyPage,
      `<link rel="preconnect" href="${escapeAttribute(origin(config.remotes.admin))}" crossorigin />`,
    ].join('\n    '),
  );
  const framePath = path.join(shellDir, 'prerender-frame.json');
  // The first api call's mark stays where `documentFor` may fill it (catalog, product page), and goes
  // from the rest here.
  const withoutCall = (html: string) => html.replace(FIRST_API_CALL_MARK, '');
  if (!existsSync(framePath))
    return {
      home: withoutCall(page),
      catalog: page,
      product: page,
      other: page,
      admin: adminPage,
      apiBaseUrl: config.apiBaseUrl,
      config,
      rendered: null,
    };
  const frames = JSON.parse(readFileSync(framePath, 'utf8')) as Record<PrerenderedPage, string | undefined>;
  // Every page carries them, the prerendered one in its head before the frame's own styles (the layer order
  // comes first); the fragments below then drop their copies.
  const globalStyles = shippedGlobalStyles(frames.home ?? '');
  const styled = (html: string) =>
    globalStyles ? html.replace('</head>', () => `  ${globalStyles.tag}\n  </head>`) : html;
  // Nothing of the JavaScript is fetched before the prerendered first paint: the entry and the module
  // preloads wait in an inert <template>. Once the first paint is reported, the boot script starts the
  // entry and puts the template's links into the head, three a task. Preloaded from the markup, the modules
  // had often arrived before that paint in an unthrottled load, and Lighthouse's simulated LCP then
  // counted their download at 1.6 Mbit/s (LCP 0.7 s or 2.5 s from run to run); the page's own LCP is its
  // first paint either way.
  // docs/performance.md, round 4 (the cost: the modules start ~FCP later).
  const heldUntilFirstPaint = (html: string) => {
    const preloads: string[] = [];
    return html
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
        preloads.push(tag.trim());
        return '';
      })
      .replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_tag, src: string) =>
          `<template id="${HELD_ENTRY_TEMPLATE_ID}">${preloads.join('')}<link rel="modulepreload" crossorigin href="${src}" data-shop-entry /></template>`,
      );
  };
  const prerendered = heldUntilFirstPaint(styled(page));
  /**
   * What a server-rendered page goes into: its global styles are cut to the page (page-document.ts), and the
   * whole sheet waits with the JavaScript, for what the page draws once React holds it.
   */
  const forRendering = (page: string, { admin = false } = {}): RenderedDocument => {
    // The admin panel's pages skip the storefront's preloads, and so does that script: it would do nothing.
    const html = files.length || admin ? withoutUnrenderedBoot(page) : page;
    if (!globalStyles) return renderedDocument(html);
    // Fetched, not applied, until the page needs more than its head's cut (WHOLE_GLOBAL_STYLES_ATTRIBUTE).
    const wholeSheet = `<link rel="stylesheet" href="${globalStyles.path}" media="print" ${WHOLE_GLOBAL_STYLES_ATTRIBUTE} />`;
    return {
      ...renderedDocument(
        html.replace(`<template id="${HELD_ENTRY_TEMPLATE_ID}">`, (tag) => tag + wholeSheet),
      ),
      globalStyles,
    };
  };
  /**
   * The page prerendered: the shell's frame at the page's address with the storefront's page in its route
   * slot. Without that page (the storefront is down, or an older release) the home keeps the frame's height
   * with a placeholder, and the others are served without a prerender.
   */
  const prerender = (name: PrerenderedPage, content: string | null | undefined, fallback: string) => {
    const frame = frames[name];
    const inSlot = (files.length && content) || (name === 'home' ? ROUTE_PLACEHOLDER : null);
    if (!frame || !inSlot) return fallback;
    const html = frame.replace(ROUTE_SLOT, () => inSlot);
    return prerendered.replace(
      '<div id="root"></div>',
      () => `<div id="root">${withoutRepeatedStyles(withoutGlobalStyles(html))}</div>`,
    );
  };
  return {
    rendered: {
      page: forRendering(withoutCall(prerendered)),
      admin: forRendering(heldUntilFirstPaint(styled(adminPage)), { admin: true }),
    },
    home: withoutCall(prerender('home', home, page)),
    // The catalog and product pages are prerendered as skeletons whose picture boxes the boot script fills
    // from the first api answer (FIRST_PICTURE_ATTRIBUTE): their LCP is that picture. docs/performance.md,
    // round 6 (an earlier frame without the pictures moved no LCP and cost blocking time).
    catalog: prerender('catalog', catalog, styled(page)),
    product: prerender('product', product, styled(page)),
    other: styled(page),
    admin: styled(adminPage),
    apiBaseUrl: config.apiBaseUrl,
    config,
  };
}
