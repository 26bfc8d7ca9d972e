import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  type ShopConfigForCsp,
} from '@shop/page-server/security-headers';
import sirv from 'sirv';

export interface ServeAppOptions {
  dir: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown paths (the shell's client-side routes). */
  spa?: boolean;
  /** Remote builds are loaded cross-origin by the shell's page. */
  cors?: boolean;
  /** Files generated at deploy time and served from memory, such as the shell's config.json. */
  generated?: Record<string, unknown>;
  /**
   * The shop's config.json, for the Content-Security-Policy (api, remote, card and identity provider
   * origins); the shell's own generated /config.json when not given.
   */
  shop?: ShopConfigForCsp;
  /** The shop is reached over https (behind a TLS proxy or CDN): send HSTS. */
  https?: boolean;
  /** Serves the files instead of a static server of `dir` (a release store's folder, release-tool/). */
  files?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

// Hashed file names never change content: cache them for a year (a release's assets, remote entry, server
// entry and pinned manifest). Everything else (index.html, the manifests a release replaces, config.json) is
// revalidated, so a new deploy is seen on the next page load.
function cacheControl(pathname: string): string {
  return /\/assets\/|remoteEntry-[\w-]+\.js$|\/server\/entry-[\w-]+\.mjs$|mf-manifest-[0-9a-f]{12}\.json$/.test(
    pathname,
  )
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * The CSP of the app in `dir`: its index.html's inline scripts by hash, computed from the file being
 * served (a new build with a changed boot script gets its new hash without a restart).
 */
function cspOf(dir: string, shop: ShopConfigForCsp | undefined) {
  const index = path.join(dir, 'index.html');
  let cached: { mtimeMs: number; csp: string } | undefined;
  return () => {
    const mtimeMs = statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (cached?.mtimeMs !== mtimeMs) {
      const hashes = mtimeMs ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
      cached = { mtimeMs, csp: contentSecurityPolicy(shop, hashes) };
    }
    return cached.csp;
  };
}

export function serveApp(options: ServeAppOptions): Promise<ServedApp> {
  const shop = options.shop ?? (options.generated?.['/config.json'] as ShopConfigForCsp | undefined);
  const csp = cspOf(options.dir, shop);
  const securityHeaders = baseSecurityHeaders(options.https ?? false);
  const files =
    options.files ??
    sirv(options.dir, {
      single: options.spa ?? false,
      gzip: true,
      brotli: true,
      etag: true,
      dotfiles: false,
      setHeaders(res, pathname) {
        res.setHeader('Cache-Control', cacheControl(pathname));
      },
    });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', csp());
    if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const generated = options.generated?.[pathname];
    if (generated !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(generated, null, 2));
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    });
  };
  const server: Server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://localhost:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
