import createEmotionServer from '@emotion/server/create-instance';
import * as SharedApi from '@shop/shared-api';
import * as SharedAuth from '@shop/shared-auth';
import * as SharedCart from '@shop/shared-cart';
import { withLegacyShareNames, type RemoteRoutesProps, type RuntimeConfig } from '@shop/shared-contract';
import * as SharedRouter from '@shop/shared-router';
import * as SharedUi from '@shop/shared-ui';
import { createShopStyleCache } from '@shop/shared-ui';
import * as SharedUiOverlays from '@shop/shared-ui/overlays';
import * as SharedUiSlider from '@shop/shared-ui/slider';
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as JsxRuntime from 'react/jsx-runtime';
import { StaticRouter } from 'react-router';
import * as Zustand from 'zustand';
import { ShopProviders } from '../app/providers.tsx';
import { ProvidedRemotesContext } from '../app/remotes/provided-remotes.ts';
import { ShopRoutes } from '../app/ShellApp.tsx';

// The shell's server entry: its server build (vite.server.config.ts) is the one module the page server
// (page-server/) renders with. It renders the same tree the browser hydrates (ShellApp, with a static router
// at the request's address), and lends its copies of the shared packages to the storefront's server entry,
// as the shell provides them to the remote in the browser: one React, one router, one query cache.

export { findVersionSkew } from '../app/remotes/versionSkew.ts';
export { routeOwnerOf } from '../app/route-owner.ts';
export { configureApi } from '@shop/shared-api';
export { createServerQueryClient, pageDataOf } from '@shop/shared-api/server';

/**
 * The shell's pages behind sign-in, its sign-in and password pages, and the admin panel: nothing there for
 * a search engine (robots.txt). Beside the routes they name (app/routes.tsx).
 */
export const privatePaths: readonly string[] = ['/account', '/me/update', '/password/', '/login', '/admin'];

declare const __SHOP_SHARE_VERSIONS__: Record<string, string>;

/**
 * The shared packages a remote's server entry imports, by the names it imports them with, old names of
 * renamed shares included. This build aliases '@tanstack/react-query' to '@shop/shared-query'
 * (federation.shared.ts), so `ReactQuery` is that.
 */
export const shares: Record<string, object> = withLegacyShareNames({
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDom,
  '@shop/shared-router': SharedRouter,
  zustand: Zustand,
  '@shop/shared-query': ReactQuery,
  '@shop/shared-api': SharedApi,
  '@shop/shared-auth': SharedAuth,
  '@shop/shared-cart': SharedCart,
  '@shop/shared-ui': SharedUi,
  '@shop/shared-ui/overlays': SharedUiOverlays,
  '@shop/shared-ui/slider': SharedUiSlider,
});

/** The version of each shared package this build carries, for the version-skew rule. */
export const shareVersions: Record<string, string> = __SHOP_SHARE_VERSIONS__;

export interface RootRenderRequest {
  /** The address asked for. */
  url: URL;
  config: RuntimeConfig;
  /** The storefront's routes from its server entry; null renders its route as the frame's loading state. */
  storefront: React.ComponentType<RemoteRoutesProps> | null;
  /** The request's query cache, already holding the page's data. */
  queryClient: ReactQuery.QueryClient;
  /** Aborts the render (the page server's time bound). */
  signal?: AbortSignal;
}

/** A rendered page's `#root` markup and the styles it uses (for the page's head). */
export interface RenderedRoot {
  markup: string;
  styles: string;
}

/**
 * The page's `#root` markup, once everything in it has rendered (lazy pages and suspended parts included):
 * the frame and the page as a guest sees them while the session is being restored. React's static
 * prerender waits for every part and writes each in place, so the markup needs no inline script to put
 * a part where it belongs (the CSP allows none; a streamed render would). Rejects on any render error,
 * or when `signal` aborts: the page server then sends its prerendered page.
 *
 * The styles are gathered after the render from everything emotion made during it, for the classes the
 * markup uses, instead of being written beside each element: a part that suspended was rendered more than
 * once, and emotion writes a style beside the first rendering only, which a suspended attempt (a loading
 * state React then threw away) may have been: the page then lacked that style (the session bar's height,
 * and the footer rose into view: CLS 0.38).
 */
export async function renderRoot({
  url,
  config,
  storefront,
  queryClient,
  signal,
}: RootRenderRequest): Promise<RenderedRoot> {
  const cache = createShopStyleCache();
  // Styles are not written beside their elements: they are gathered below.
  cache.compat = true;
  const tree = (
    <ProvidedRemotesContext value={storefront ? { storefront } : {}}>
      <ShopProviders config={config} queryClient={queryClient} styleCache={cache} globalStylesShipped>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <ShopRoutes />
        </StaticRouter>
      </ShopProviders>
    </ProvidedRemotesContext>
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
  const emotion = createEmotionServer(cache);
  return { markup, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup)) };
}
