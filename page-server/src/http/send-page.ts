import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { CachedPage } from '../cache/page-cache.ts';

/**
 * A page made ready to send many times: both compressed forms (brotli at a quality fast enough to do per
 * render, gzip for the rest), its ETag and its policy. Kept in the page cache as is.
 */
export function preparedPage(
  status: number,
  body: string,
  csp: string,
  type = 'text/html; charset=utf-8',
): CachedPage {
  const bytes = Buffer.from(body);
  return {
    status,
    type,
    gzip: gzipSync(bytes, { level: 6 }),
    br: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    csp,
    renderedAt: Date.now(),
  };
}

/** Sends `page` in the encoding the client takes, or 304 when the client holds this very page. */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  cacheControl: string,
): void {
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', page.etag);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304).end();
    return;
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  const body = encoding ? page[encoding] : gunzipSync(page.gzip);
  res.writeHead(page.status, {
    'Content-Type': page.type,
    'Content-Length': body.length,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
