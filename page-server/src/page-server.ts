import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteName, RuntimeConfig } from '@shop/shared-contract';
import sirv from 'sirv';
import { createPageCache, type CachedPage, type PageCacheOptions } from './cache/page-cache.ts';
import { followCatalogChanges } from './cache/catalog-changes.ts';
import { pagesTouchedBy } from './cache/changed-pages.ts';
import { createDocumentSource } from './documents/document-source.ts';
import type { ShellDocuments } from './documents/shell-document.ts';
import { baseSecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from './http/security-headers.ts';
import {
  IMMUTABLE_FILE_CACHE,
  PRIVATE_PAGE_CACHE,
  PUBLIC_PAGE_CACHE,
  staticCacheControl,
} from './http/cache-control.ts';
import { preparedPage, sendNotFound, sendPage } from './http/send-page.ts';
import { serverTiming, type PageSource, type RenderTimings } from './http/server-timing.ts';
import { createThrottledLog } from './http/throttled-log.ts';
import { NoStorefrontRelease } from './render/render-page.ts';
import { createPageRenders } from './render/page-renders.ts';
import { noPageMetrics, type PageMetrics } from './observability/page-metrics.ts';
import { loadShellServer, type ShellServer } from './render/shell-server.ts';
import { createRenderingReleases } from './render/rendering-release.ts';
import { followLiveReleases, type LiveReleasesFollower } from './releases/live-releases.ts';
import { createServerReports } from './releases/server-reports.ts';
import { visitorConfig, type VisitorConfig } from './releases/visitor-release.ts';
import { createSearchEngineFiles } from './seo/search-engine-files.ts';
import { isSitemapPath, productIdsPage } from './seo/sitemap.ts';

export interface PageServerOptions {
  /** The shell's release folder (its build): static files, index.html, the server build. */
  shellDir: string;
  port: number;
  host?: string;
  /** config.json as deployed: the api, the providers, each remote's live manifest. */
  config: RuntimeConfig;
  /** The shop's public origin, for canonical addresses, link previews, robots.txt and the sitemap. */
  shopUrl: string;
  /** The api's `/api/v1` address as this server reaches it (a private address behind a load balancer). */
  apiUrl: string;
  /** The shop is reached over https: send HSTS. */
  https: boolean;
  /** Bound of one page's render (its storefront release, its data and the markup); beyond, prerendered. */
  renderTimeoutMs: number;
  /**
   * How often each remote's live.json and the storefront's server manifest are asked again: a release is
   * served from then on.
   */
  releaseCheckMs: number;
  /**
   * The remotes whose releases are followed as their addresses say are live (live.json, release-tool/);
   * the others are served from the manifest config.json names whatever is live (the release tool's check
   * of one release).
   */
  followReleases: readonly RemoteName[];
  /** How often the pages served with a fall-back release are reported to the api (summed). */
  reportEveryMs: number;
  /** How often the catalog's changes are asked: the changed products' pages and the lists are dropped. */
  revisionCheckMs: number;
  cache: Omit<PageCacheOptions, 'now'>;
  /** What is counted as pages are answered (observability/page-metrics.ts); none by default. */
  metrics?: PageMetrics;
  log: (line: string) => void;
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Files of the shell's release that are not for browsers: its page (served rendered), its server build. */
const NOT_SERVED = /^\/(?:index\.html|prerender-frame\.json|server\/.*|\.build-inputs)$/;

/** The design system's whole global sheet, by its hash (documents/global-styles.ts). */
const GLOBAL_STYLES_PATH = /^\/global-styles-[\w-]+\.css$/;

/** The address as a cache key: the query's parameters in one order, so one list is one entry. */
function addressKey(url: URL): string {
  const search = new URLSearchParams(url.searchParams);
  search.sort();
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The shell's page server: its files, config.json, and every page of the shop rendered on the server with
 * the shell's server build and the storefront's server entry, loaded from the storefront's live release
 * (docs/federation.md, "Server rendering"). Public pages are cached and dropped when the catalog changes;
 * a page that cannot be rendered in time is the prerendered page of before, never an error page.
 */
export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const { config, log, metrics = noPageMetrics } = options;
  const problem = createThrottledLog(log);
  const securityHeaders = baseSecurityHeaders(options.https);
  const policyOf = (html: string) => contentSecurityPolicy(config, inlineScriptHashes(html));

  let shell: ShellServer | null = null;
  try {
    shell = await loadShellServer(options.shellDir, options.apiUrl);
    if (!shell) log(`${options.shellDir} has no server build: every page is served prerendered`);
  } catch (error) {
    log(`the shell's server build failed to load, every page is served prerendered: ${String(error)}`);
  }
  const followed = options.followReleases.map((name) => [name, config.remotes[name]] as const);
  const liveReleases: LiveReleasesFollower | null = followed.length
    ? followLiveReleases({
        remotes: Object.fromEntries(followed),
        checkEveryMs: options.releaseCheckMs,
        timeoutMs: options.renderTimeoutMs,
        log,
      })
    : null;
  const visitorConfigs = new Map<string, RuntimeConfig>();
  const visitorOf = async (req: IncomingMessage): Promise<VisitorConfig> =>
    visitorConfig(
      config,
      liveReleases ? await liveReleases.current() : {},
      req.headers.cookie,
      options.https,
      visitorConfigs,
    );
  const documents = createDocumentSource(options.shellDir, Math.min(options.renderTimeoutMs, 3000));
  const reports = createServerReports({ apiUrl: options.apiUrl, everyMs: options.reportEveryMs, log });
  const { storefrontOf, renderingFor } = createRenderingReleases({
    shell,
    checkEveryMs: options.releaseCheckMs,
    timeoutMs: options.renderTimeoutMs,
    log,
    fellBack: (failure) => reports.fellBack(failure),
  });
  const cache = createPageCache(options.cache);
  metrics.readCacheSize(() => cache.size);
  const catalogChanges = followCatalogChanges({
    apiUrl: options.apiUrl,
    everyMs: options.revisionCheckMs,
    onChange: (products) => (products ? cache.drop(pagesTouchedBy(products)) : cache.clear()),
    log,
  });
  const { render, compressHarder, fallbackFor } = createPageRenders({
    shell,
    cache,
    renderTimeoutMs: options.renderTimeoutMs,
    shopUrl: options.shopUrl,
    policyOf,
    problem,
  });

  /**
   * Sets the visitor's bucket cookie when drawn now; says how a public page may be cached: not by a CDN
   * while a canary is live, since the page then depends on the visitor's bucket.
   */
  const publicCache = (res: ServerResponse, visitor: VisitorConfig | null) => {
    if (visitor?.setCookie) res.setHeader('Set-Cookie', visitor.setCookie);
    return visitor?.canary ? PRIVATE_PAGE_CACHE : PUBLIC_PAGE_CACHE;
  };

  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL) {
    const started = performance.now();
    const timing = (source: PageSource, render?: RenderTimings) => {
      const totalMs = performance.now() - started;
      res.setHeader('Server-Timing', serverTiming(source, totalMs, render));
      metrics.pageAnswered(source, totalMs, render);
    };
    let docs: ShellDocuments | null = null;
    let visitor: VisitorConfig | null = null;
    try {
      visitor = await visitorOf(req);
      const rendering = await renderingFor(visitor);
      const { release } = rendering;
      docs = await documents.for(rendering.config, release?.browserManifest ?? null);
      // Pages rendered with each release are kept apart; a release no longer live ages out of the cache.
      const key = `${rendering.key} ${release?.key ?? 'no release'} ${addressKey(url)}`;
      const hit = cache.get(key);
      if (hit) {
        // How old the page is, as a cache says (RFC 9111): a CDN's minute counts from the render, not from now.
        res.setHeader('Age', Math.floor((Date.now() - hit.page.renderedAt) / 1000));
        timing(hit.fresh ? 'hit' : 'stale');
        sendPage(req, res, hit.page, publicCache(res, visitor));
        if (!hit.fresh)
          render(key, url, release, docs).catch((error: unknown) =>
            problem(url, error, 'served stale from the cache, rendering it again failed'),
          );
        else compressHarder(key, hit.page, url);
        return;
      }
      const { page, cacheable, timings } = await withTimeout(
        render(key, url, release, docs),
        options.renderTimeoutMs,
        'the render',
      );
      timing('miss', timings);
      sendPage(req, res, page, cacheable ? publicCache(res, visitor) : PRIVATE_PAGE_CACHE);
    } catch (error) {
      if (!(error instanceof NoStorefrontRelease)) problem(url, error, 'served prerendered');
      docs ??= await documents.for(visitor?.config ?? config, null);
      if (visitor?.setCookie) res.setHeader('Set-Cookie', visitor.setCookie);
      timing('prerendered');
      sendPage(req, res, fallbackFor(docs, url), PRIVATE_PAGE_CACHE);
    }
  }

  async function serveConfig(req: IncomingMessage, res: ServerResponse) {
    const visitor = await visitorOf(req);
    if (visitor.setCookie) res.setHeader('Set-Cookie', visitor.setCookie);
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': visitor.canary ? PRIVATE_PAGE_CACHE : 'no-cache',
    });
    res.end(JSON.stringify(visitor.config, null, 2));
  }

  const { serveSitemap, serveRobots } = createSearchEngineFiles({
    shopUrl: options.shopUrl,
    productIds: (page) => productIdsPage(options.apiUrl, page, options.renderTimeoutMs * 5),
    async privatePaths(req) {
      const visitor = await visitorOf(req).catch(() => null);
      const release = await storefrontOf(visitor?.config.remotes.storefront ?? config.remotes.storefront)
        ?.release()
        .catch(() => null);
      return [...(shell?.privatePaths ?? []), ...(release?.entry.privatePaths ?? [])];
    },
    cache,
    problem,
  });

  /** The design system's whole global sheet, which a rendered page loads after its first paint. */
  let wholeSheet: { path: string; page: CachedPage } | null = null;
  async function serveGlobalStyles(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const sheet = (await documents.for(config, null)).rendered?.page.globalStyles;
    if (!sheet || sheet.path !== pathname) return sendNotFound(res);
    if (wholeSheet?.path !== sheet.path)
      wholeSheet = {
        path: sheet.path,
        page: preparedPage(200, sheet.css, "default-src 'none'", 'text/css; charset=utf-8'),
      };
    sendPage(req, res, wholeSheet.page, IMMUTABLE_FILE_CACHE);
  }

  const files = sirv(options.shellDir, {
    etag: true,
    gzip: true,
    brotli: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', staticCacheControl(pathname));
    },
  });
  const anyPolicy = policyOf('');

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', anyPolicy);
    const url = new URL(req.url ?? '/', options.shopUrl);
    const { pathname } = url;
    const fail = (error: unknown) => {
      problem(url, error, 'answered 500');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    if (pathname === '/config.json') return void serveConfig(req, res).catch(fail);
    if (pathname === '/robots.txt') return void serveRobots(req, res).catch(fail);
    if (isSitemapPath(pathname)) return void serveSitemap(req, res, url).catch(fail);
    if (GLOBAL_STYLES_PATH.test(pathname)) return void serveGlobalStyles(req, res, pathname).catch(fail);
    // A file of the release, else a page of the shop.
    if (pathname === '/' || NOT_SERVED.test(pathname)) return void servePage(req, res, url).catch(fail);
    files(req, res, () => void servePage(req, res, url).catch(fail));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://localhost:${port}`,
        close: () =>
          new Promise((done) => {
            catalogChanges.stop();
            void reports.stop();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
