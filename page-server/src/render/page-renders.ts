import type { CachedPage, PageCache } from '../cache/page-cache.ts';
import { documentFor, type RenderedDocument, type ShellDocuments } from '../documents/shell-document.ts';
import { compressedHarder, preparedPage } from '../http/send-page.ts';
import type { RenderTimings } from '../http/server-timing.ts';
import type { ThrottledLog } from '../http/throttled-log.ts';
import { renderPage } from './render-page.ts';
import type { ShellServer } from './shell-server.ts';
import type { StorefrontRelease } from './storefront-release.ts';

export interface PageRendersOptions {
  /** Null: the shell has no server build (or it failed to load); every render fails, and is prerendered. */
  shell: ShellServer | null;
  cache: PageCache;
  /** Bound of one render; its signal aborts the shell's render past it. */
  renderTimeoutMs: number;
  shopUrl: string;
  /** The Content-Security-Policy of a page with these inline scripts. */
  policyOf: (html: string) => string;
  problem: ThrottledLog;
}

export interface PageRender {
  page: CachedPage;
  cacheable: boolean;
  timings: RenderTimings;
}

/**
 * The pages the server makes: renders (one per address however many ask for it at once, kept in the page
 * cache when public), a kept page compressed harder once asked for again, and the prerendered page of
 * before for an address that could not be rendered.
 */
export function createPageRenders({
  shell,
  cache,
  renderTimeoutMs,
  shopUrl,
  policyOf,
  problem,
}: PageRendersOptions) {
  // A rendered page's only scripts are its document's (React writes none into the markup, and the data
  // blocks run no code): its policy is the document's, worked out once.
  const documentPolicies = new WeakMap<RenderedDocument, string>();
  const renderedPolicy = (document: RenderedDocument) => {
    let policy = documentPolicies.get(document);
    if (!policy) documentPolicies.set(document, (policy = policyOf(document.before + document.after)));
    return policy;
  };

  const rendering = new Map<string, Promise<PageRender>>();
  /** Renders once however many ask for the same address at the same time. */
  function render(key: string, url: URL, release: StorefrontRelease | null, docs: ShellDocuments) {
    let pending = rendering.get(key);
    if (!pending) {
      const startedIn = cache.generation;
      pending = (async () => {
        if (!shell || !docs.rendered) throw new Error('no server build to render with');
        const admin = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
        const document = admin ? docs.rendered.admin : docs.rendered.page;
        const rendered = await renderPage({
          url,
          shell,
          release,
          config: docs.config,
          document,
          shopUrl,
          signal: AbortSignal.timeout(renderTimeoutMs),
        });
        const compressing = performance.now();
        const page = preparedPage(rendered.status, rendered.body, renderedPolicy(document));
        const timings = { ...rendered.timings, compressMs: performance.now() - compressing };
        if (rendered.cacheable) cache.set(key, page, startedIn);
        return { page, cacheable: rendered.cacheable, timings };
      })().finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  /**
   * A cached page asked for again is compressed harder in the background, one at a time: a page asked for
   * once (a different product each request) never costs it.
   */
  let compressing = false;
  function compressHarder(key: string, page: CachedPage, url: URL) {
    if (compressing || page.compressedHarder) return;
    compressing = true;
    compressedHarder(page)
      .then((better) => cache.replace(key, page, better))
      .catch((error: unknown) => problem(url, error, 'kept as first compressed'))
      .finally(() => (compressing = false));
  }

  const fallbacks = new Map<string, CachedPage>();
  /** The prerendered page of before, for an address the server could not render. */
  function fallbackFor(docs: ShellDocuments, url: URL): CachedPage {
    const html = documentFor(docs, url.pathname, url.search);
    let page = fallbacks.get(html);
    if (!page) {
      if (fallbacks.size >= 32) fallbacks.clear();
      page = preparedPage(200, html, policyOf(html));
      fallbacks.set(html, page);
    }
    return page;
  }

  return { render, compressHarder, fallbackFor };
}
