import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { createServerQueryClient } from '@shop/shared-api/server';
import { RENDERED_STYLES_ATTRIBUTE, type RemoteRoutesProps, type RuntimeConfig } from '@shop/shared-contract';
import { createShopStyleCache, UnsentSuspenseFallbacks } from '@shop/shared-ui';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { currentMainLinks } from '../features/navigation/nav-links.ts';
import { ShopProviders } from '../app/providers.tsx';
import { ProvidedRemotesContext } from '../app/remotes/provided-remotes.ts';
import { RenderedPartsContext, type WrittenParts } from '../app/rendered-part.tsx';
import { ShopRoutes } from '../app/ShellApp.tsx';
import { KeptFrames, keptFrameOf, spliceFrame, startFromFrame, type KeptFrame } from './frame-parts.ts';

export interface RootRenderRequest {
  /** The address asked for. */
  url: URL;
  config: RuntimeConfig;
  /** The storefront's routes from its server entry; null renders its route as the frame's loading state. */
  storefront: ComponentType<RemoteRoutesProps> | null;
  /** The request's query cache, already holding the page's data. */
  queryClient: QueryClient;
  /** Aborts the render (the page server's time bound). */
  signal?: AbortSignal;
  /** False renders the whole tree, frame included, as if no frame were kept (true by default). */
  keepFrame?: boolean;
}

/** A rendered page's `#root` markup and the styles it uses (for the page's head). */
export interface RenderedRoot {
  markup: string;
  styles: string;
  /** Whether the frame was spliced in from a kept render (false: the whole tree was rendered). */
  frameKept: boolean;
}

interface TreeRender {
  url: URL;
  config: RuntimeConfig;
  storefront: ComponentType<RemoteRoutesProps> | null;
  queryClient: QueryClient;
  written: WrittenParts;
  signal?: AbortSignal;
}

/** A fresh style cache that keeps what it compiles, for the styles to be gathered after the render. */
function gatheringStyleCache(): EmotionCache {
  const cache = createShopStyleCache();
  // Styles are not written beside their elements: they are gathered after the render.
  cache.compat = true;
  return cache;
}

/**
 * The markup of the tree, or the part of it asked for, once everything in it has rendered (lazy pages
 * and suspended parts included). React's static prerender waits for every part and writes each in place,
 * so the markup needs no inline script to put a part where it belongs (the CSP allows none; a streamed
 * render would). Rejects on any render error, or when `signal` aborts.
 */
async function renderTree(
  { url, config, storefront, queryClient, written, signal }: TreeRender,
  cache: EmotionCache,
): Promise<string> {
  // A Suspense fallback is never sent: the markup is taken only once every part has rendered, and the page
  // server answers with its prerendered page if any part fails or the signal aborts.
  const tree: ReactNode = (
    <UnsentSuspenseFallbacks value>
      <RenderedPartsContext value={written}>
        <ProvidedRemotesContext value={storefront ? { storefront } : {}}>
          <ShopProviders config={config} queryClient={queryClient} styleCache={cache} globalStylesShipped>
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <ShopRoutes />
            </StaticRouter>
          </ShopProviders>
        </ProvidedRemotesContext>
      </RenderedPartsContext>
    </UnsentSuspenseFallbacks>
  );
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(tree, {
    signal,
    // A part larger than this is written after the rest and moved in place by an inline script, so that a
    // streamed page paints before it: never here (no inline script may run, and the page is sent whole).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  if (failure) throw failure;
  return markup;
}

/**
 * How many pages' style tags are kept, by the classes they hold. Pages of a kind use the same classes (two
 * sets across 120 product pages); past this a page is using new ones on every render, and the kept tags start
 * over.
 */
const MAX_KEPT_STYLE_TAGS = 256;

/**
 * Each set of classes' style tags, made once: a render then hands on the very same string, which the page
 * server finds the global styles' cut and the page's bytes by without reading ~30 KB again, where joining
 * them anew was 1.6% of an uncached render's CPU (docs/performance.md, "A page's recurring parts as bytes").
 */
const styleTags = new Map<string, string>();

/**
 * The styles the markup uses, from everything emotion made during the render, instead of being written
 * beside each element: a part that suspended was rendered more than once, and emotion writes a style beside
 * the first rendering only, which a suspended attempt (a loading state React then threw away) may have
 * been: the page then lacked that style (the session bar's height, and the footer rose into view: CLS 0.38).
 */
function stylesOf(cache: EmotionCache, markup: string): string {
  const emotion = createEmotionServer(cache);
  const { styles } = emotion.extractCriticalToChunks(markup);
  // A class's name is the hash of its styles, so the same names are the same tags.
  const names = styles.map((chunk) => `${chunk.key} ${chunk.ids.join(' ')}`).join('\n');
  let tags = styleTags.get(names);
  if (tags === undefined) {
    // The components' styles under the shop's own attribute, which the browser's style cache reads without
    // moving the tag (RENDERED_STYLES_ATTRIBUTE); a <Global>'s stay emotion's, which its component hydrates.
    tags = styles
      .map((chunk) =>
        chunk.key === cache.key
          ? `<style ${RENDERED_STYLES_ATTRIBUTE}="${chunk.ids.join(' ')}">${chunk.css}</style>`
          : emotion.constructStyleTagsFromChunks({ html: '', styles: [chunk] }),
      )
      .join('');
    if (styleTags.size >= MAX_KEPT_STYLE_TAGS) styleTags.clear();
    styleTags.set(names, tags);
  }
  return tags;
}

/**
 * The frames this shell build has rendered. A shell release is a new build of this module, with frames of
 * its own; a frame depends on the config (the sign-in provider, the remotes), the main links the address
 * marks as current, and the footer's year. On nothing else, as every frame the server renders is a
 * guest's: the session is restored in the browser, and an empty cart shows no count.
 */
const keptFrames = new KeptFrames();

const ALL: WrittenParts = { navbar: true, main: true, footer: true };
const FRAME: WrittenParts = { navbar: true, main: false, footer: true };
const PAGE: WrittenParts = { navbar: false, main: true, footer: false };
const OUTLINE: WrittenParts = { navbar: false, main: false, footer: false };

/** Each config as text, once: the page server renders every page of a release with the same object. */
const configTexts = new WeakMap<RuntimeConfig, string>();

function configText(config: RuntimeConfig): string {
  let text = configTexts.get(config);
  if (text === undefined) configTexts.set(config, (text = JSON.stringify(config)));
  return text;
}

function frameFor(request: RootRenderRequest): Promise<KeptFrame | null> {
  const key = JSON.stringify([
    configText(request.config),
    currentMainLinks(request.url.pathname),
    new Date().getFullYear(),
  ]);
  return keptFrames.get(key, async () => {
    // The frame reads no page data and is not bound by the first request's signal: others wait for it.
    const frameRender = { ...request, storefront: null, signal: undefined };
    const cache = gatheringStyleCache();
    const framed = await renderTree(
      { ...frameRender, queryClient: createServerQueryClient(), written: FRAME },
      cache,
    );
    const outline = await renderTree(
      { ...frameRender, queryClient: createServerQueryClient(), written: OUTLINE },
      gatheringStyleCache(),
    );
    return keptFrameOf(framed, outline, cache);
  });
}

/**
 * The page's `#root` markup and styles: the frame and the page as a guest sees them while the session is
 * being restored. The page is rendered on each request and the frame around it kept (./frame-parts.ts);
 * where the two do not fit, the whole tree is rendered. Rejects on any render error, or when `signal`
 * aborts: the page server then sends its prerendered page.
 */
export async function renderRoot(request: RootRenderRequest): Promise<RenderedRoot> {
  const { keepFrame = true } = request;
  const frame = keepFrame ? await frameFor(request) : null;
  if (frame) {
    const cache = gatheringStyleCache();
    startFromFrame(cache, frame);
    const markup = spliceFrame(frame, await renderTree({ ...request, written: PAGE }, cache));
    if (markup !== null) return { markup, styles: stylesOf(cache, markup), frameKept: true };
  }
  const cache = gatheringStyleCache();
  const markup = await renderTree({ ...request, written: ALL }, cache);
  return { markup, styles: stylesOf(cache, markup), frameKept: false };
}
