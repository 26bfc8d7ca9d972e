import type { ComponentType } from 'react';
import type { RemoteRoutesProps } from './federation.ts';

/**
 * The server-rendering contract between the shell's page server (page-server/) and the storefront's server
 * entry: the storefront builds, beside its browser release, one ES module for Node (its server build) that
 * renders the same routes the browser loads through federation, and says what each public address needs
 * (its data, status and head). The page server loads it at run time from the storefront's live release,
 * as the browser loads the remote, so a storefront release changes what the server renders without a shell
 * rebuild or a restart (docs/federation.md, "Server rendering").
 */

/** Beside mf-manifest.json: names the release's server entry, so the page server finds it by manifest. */
export const SERVER_MANIFEST_FILE = 'server-manifest.json';

/** Bumped when the shape below changes incompatibly: a page server refuses an entry of another version. */
export const SERVER_ENTRY_CONTRACT = 1;

export interface ServerManifest {
  contract: number;
  /** The server entry's file, relative to this manifest: hashed, so a release never overwrites another. */
  entry: string;
  /**
   * A copy of the release's mf-manifest.json under a name of its own (hashed), relative to this manifest.
   * A page rendered with this entry points the browser there, so it hydrates with the same release's code
   * even if a newer release has taken over mf-manifest.json meanwhile.
   */
  browserManifest: string;
  /**
   * The shared packages the entry imports, with the versions it was built against and accepts (as its
   * mf-manifest.json lists them): the page server lends it its own (the shell's) copies, and refuses one
   * built against another major, by the rule the browser's runtime applies (docs/federation.md).
   */
  shared: { name: string; version: string; requiredVersion?: string | false }[];
}

/** A picture as link previews and search engines want it: absolute, with its size when known. */
export interface PagePicture {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** What goes in a rendered page's <head> for search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute, with the filters and page in a stable order (one address per list). */
  canonical: string;
  /** `og:type`. */
  type: 'website' | 'product';
  picture?: PagePicture;
  /** JSON-LD documents (`Product`, `BreadcrumbList`, …), written as `application/ld+json`. */
  structuredData: object[];
  /** `noindex`: a page search engines should not keep (a list that matched nothing, a failure). */
  noindex?: boolean;
}

/** How the page server answers an address the storefront owns. */
export type PreparedPage =
  /** A public page rendered with its content; its data is in the query cache it was given. */
  | { kind: 'content'; status: 200 | 404; head: PageHead }
  /**
   * A signed-in page (cart, checkout, orders): rendered as the frame with the page's loading state only,
   * so no personal data is ever in a server's answer; the browser draws it.
   */
  | { kind: 'frame' }
  /** Not the storefront's: the page server answers 404 with the shell's 'Page Not Found'. */
  | { kind: 'not-found' };

export interface PageRequest {
  /** The address asked for (path and query). */
  url: URL;
  /** The shop's public origin, for canonical urls and link previews (`https://shop.example`). */
  shopUrl: string;
  /**
   * The request's own query cache (a `QueryClient` of the shared `@shop/shared-query`): the entry fills
   * it with the page's data, the shell renders from it and the page carries it to the browser's cache.
   */
  queryClient: unknown;
}

/** The storefront's server entry, as the page server imports it. */
export interface StorefrontServerEntry {
  contract: number;
  /** The same component the browser gets as `storefront/routes`. */
  default: ComponentType<RemoteRoutesProps>;
  /** Fetches what the page at `url` draws (bounded by the caller), and says how to answer it. */
  preparePage(request: PageRequest): Promise<PreparedPage>;
  /** Route patterns of its pages behind sign-in (`order/:id`): robots.txt keeps crawlers out of them. */
  privatePaths: readonly string[];
}

/** The id of the JSON data block carrying the rendered page's query cache to the browser. */
export const SERVER_PAGE_DATA_ID = 'shop-page-data';

/**
 * The attribute of `#root` when the server rendered its markup: the shell's boot script records taps there
 * until the page is hydrated, and the shell then hydrates instead of rendering anew (shell/src/main.tsx).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-shop-rendered';
