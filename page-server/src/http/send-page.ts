import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedPage } from '../cache/page-cache.ts';
import type { PagePart } from '../documents/page-document.ts';
import { pageBytes } from './page-bytes.ts';
import { utf8Bytes } from './utf8-bytes.ts';

/**
 * A render's body that arrives in TCP's first flight with its headers (10 segments, ~14.6 KB, RFC 6928;
 * a page's headers are ~1.1 KB with its policy): a round trip sooner on a phone (docs/performance.md, "A
 * page in the first flight").
 */
export const FIRST_FLIGHT_BODY_BYTES = 13_400;

/**
 * Brotli's quality for a render: 3 (a product page 12.6 KB in ~0.3 ms of CPU), or 5 where that would bring a
 * page 3 leaves just past the first flight into it (a catalog page 15.5 -> 13.4 KB, ~1.2 ms more). 5 for
 * every render cost four times the CPU of 3 (1.3 against 0.3 ms a product page) for pages that fit either
 * way; 4 was in between (0.9 ms). A page asked for again is compressed at 11 (`compressedHarder`).
 */
const QUICK_QUALITY = 3;
const FITTING_QUALITY = 5;
/** How much further 5 gets than 3 on the shop's pages (12-16%), with a margin. */
const FITTING_GAIN = 1.2;

function compressedForFirstVisit(bytes: Buffer): Buffer {
  const quick = brotliCompressSync(bytes, brotliOptions(QUICK_QUALITY, bytes));
  if (quick.length <= FIRST_FLIGHT_BODY_BYTES || quick.length > FIRST_FLIGHT_BODY_BYTES * FITTING_GAIN)
    return quick;
  const fitting = brotliCompressSync(bytes, brotliOptions(FITTING_QUALITY, bytes));
  return fitting.length < quick.length ? fitting : quick;
}

function brotliOptions(quality: number, bytes: Buffer) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  };
}

/**
 * A page made ready to send many times: compressed once with brotli, which every browser takes, its ETag
 * and its policy. Kept in the page cache as is. A client without brotli gets gzip, made from it when first
 * asked for and kept beside it.
 *
 * The ETag is the hash of the first compression, a fifth of the page's bytes (35 -> 7 µs a product page):
 * the same page gives the same bytes in every process (brotli is deterministic, and its quality depends on
 * the page alone), and the ETag stays with the page when it is compressed harder.
 */
export function preparedPage(
  status: number,
  body: string | readonly PagePart[],
  csp: string,
  type = 'text/html; charset=utf-8',
): CachedPage {
  const br = compressedForFirstVisit(typeof body === 'string' ? utf8Bytes(body) : pageBytes(body));
  return {
    status,
    type,
    br,
    etag: `"${createHash('sha256').update(br).digest('base64url').slice(0, 27)}"`,
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
