import * as SharedApi from '@shop/shared-api';
import * as SharedAuth from '@shop/shared-auth';
import * as SharedCart from '@shop/shared-cart';
import { withLegacyShareNames } from '@shop/shared-contract';
import * as SharedRouter from '@shop/shared-router';
import * as SharedUi from '@shop/shared-ui';
import * as SharedUiOverlays from '@shop/shared-ui/overlays';
import * as SharedUiSlider from '@shop/shared-ui/slider';
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as JsxRuntime from 'react/jsx-runtime';
import * as Zustand from 'zustand';

// The shell's server entry: its server build (vite.server.config.ts) is the one module the page server
// (page-server/) renders with. It renders the same tree the browser hydrates (ShellApp, with a static router
// at the request's address), and lends its copies of the shared packages to the storefront's server entry,
// as the shell provides them to the remote in the browser: one React, one router, one query cache.

export { findVersionSkew } from '../app/remotes/versionSkew.ts';
export { routeOwnerOf } from '../app/route-owner.ts';
export { configureApi } from '@shop/shared-api';
export { createServerQueryClient, pageDataOf } from '@shop/shared-api/server';
export { renderRoot, type RenderedRoot, type RootRenderRequest } from './render-root.tsx';

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
