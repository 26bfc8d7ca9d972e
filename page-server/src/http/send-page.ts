import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedPage } from '../cache/page-cache.ts';

/**
 * Brotli's quality for a page. A 103 KB product page: 4 gives 18.3 KB, 5 gives 17.0 KB for the same
 * ~1.2 ms; 9 gives 16.7 KB in 13 ms and 11 gives 15.3 KB in 80 ms, too dear for every render.
 */
const BROTLI_QUALITY = 5;

const brotliOptions = (quality: number, bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});

/**
 * A page made ready to send many times: compressed once with brotli, which every browser takes, its ETag
 * and its policy. Kept in the page cache as is. A client without brotli gets gzip, made from it when first
 * asked for and kept beside it.
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
    br: brotliCompressSync(bytes, brotliOptions(BROTLI_QUALITY, bytes)),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    csp,
    renderedAt: Date.now(),
  };
}

const brotliCompressInPool = promisify(brotliCompress);

/**
 * `page` with brotli's best (quality 11: a product page 15.3 KB instead of 17.0), for a page asked for more
 * than once. Its ~80 ms run on libuv's thread pool, not in the render's path, and the content and ETag stay
 * the same. A page that fits TCP's first flight (~14.6 KB with its headers) arrives a round trip sooner
 * (docs/performance.md, "A page in the first flight").
 */
export async function compressedHarder(page: CachedPage): Promise<CachedPage> {
  const bytes = brotliDecompressSync(page.br);
  const br = await brotliCompressInPool(bytes, brotliOptions(constants.BROTLI_MAX_QUALITY, bytes));
  return br.length < page.br.length
    ? { ...page, br, compressedHarder: true }
    : { ...page, compressedHarder: true };
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
  let body: Buffer;
  if (encoding === 'br') body = page.br;
  else if (encoding === 'gzip') body = page.gzip ??= gzipSync(brotliDecompressSync(page.br), { level: 6 });
  else body = brotliDecompressSync(page.br);
  res.writeHead(page.status, {
    'Content-Type': page.type,
    'Content-Length': body.length,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The answer for a path that names nothing (an unknown sitemap file, a stale sheet's name). */
export function sendNotFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}
