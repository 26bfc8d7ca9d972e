import type { PageHead, PreparedPage, RuntimeConfig } from '@shop/shared-contract';
import { pageDocument, type PagePart } from '../documents/page-document.ts';
import type { RenderedDocument } from '../documents/shell-document.ts';
import type { ShellServer } from './shell-server.ts';
import type { StorefrontRelease } from './storefront-release.ts';

/** The storefront's page cannot be rendered: its release watcher has said why, once. */
export class NoStorefrontRelease extends Error {
  constructor() {
    super('no storefront release to render with');
  }
}

/** A page rendered on the server: what the cache keeps and the server sends. */
export interface RenderedPage {
  status: number;
  /** The page's text in parts, its recurring ones as the same strings each render. */
  body: PagePart[];
  /**
   * Public content (home, catalog, product, search): the same for everyone, kept and shared. Not kept: the
   * frame of a signed-in page, the shell's pages and any 404, whose addresses are unbounded (every order,
   * every reset token, every mistyped address) and cheap to render.
   */
  cacheable: boolean;
  /** The storefront's data (its server entry's api calls) and the render of the tree and the document. */
  timings: { dataMs: number; renderMs: number };
}

export interface PageRenderRequest {
  url: URL;
  shell: ShellServer;
  /** Null: the storefront is not rendered on the server (its routes render as the frame's loading state). */
  release: StorefrontRelease | null;
  /** config.json with the storefront pinned to the release rendered with (its own browser manifest). */
  config: RuntimeConfig;
  document: RenderedDocument;
  shopUrl: string;
  /** Aborts the render when the page server stops waiting for it. */
  signal?: AbortSignal;
}

/** An address that is nobody's page: the shell's 'Page Not Found', not to be indexed. */
function notFoundHead(shopUrl: string, pathname: string): PageHead {
  return {
    title: 'Page Not Found | Shop',
    description: 'There is no page at this address.',
    canonical: `${shopUrl.replace(/\/$/, '')}${pathname}`,
    type: 'website',
    noindex: true,
    structuredData: [],
  };
}

/**
 * Renders the page at `url`: the storefront's server entry fetches what its page draws (into this
 * request's query cache) and says how to answer; the shell renders the whole tree with it and the page
 * carries that cache to the browser. Throws on any failure: the caller answers with its prerendered page.
 */
export async function renderPage({
  url,
  shell,
  release,
  config,
  document,
  shopUrl,
  signal,
}: PageRenderRequest): Promise<RenderedPage> {
  const started = performance.now();
  const owner = shell.routeOwnerOf(url.pathname);
  const queryClient = shell.createServerQueryClient();
  let prepared: PreparedPage | null = null;
  if (owner === 'storefront') {
    if (!release) throw new NoStorefrontRelease();
    prepared = await release.entry.preparePage({ url, shopUrl, queryClient });
  }
  const preparedAt = performance.now();
  const root = await shell.renderRoot({
    url,
    config,
    storefront: owner === 'storefront' && release ? release.entry.default : null,
    queryClient,
    signal,
  });
  const head =
    prepared?.kind === 'content'
      ? prepared.head
      : prepared?.kind === 'not-found'
        ? notFoundHead(shopUrl, url.pathname)
        : null;
  const status = prepared?.kind === 'content' ? prepared.status : prepared?.kind === 'not-found' ? 404 : 200;
  const body = pageDocument(document, {
    head,
    root: root.markup,
    styles: root.styles,
    pageData: shell.pageDataOf(queryClient),
  });
  return {
    status,
    body,
    cacheable: prepared?.kind === 'content' && prepared.status === 200,
    timings: { dataMs: preparedAt - started, renderMs: performance.now() - preparedAt },
  };
}
