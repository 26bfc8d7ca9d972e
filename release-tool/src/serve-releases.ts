import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LIVE_RELEASES_FILE } from '@shop/shared-contract';
import sirv from 'sirv';

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const RELEASE_PATH = /^\/releases\/([0-9A-Za-z][0-9A-Za-z.+-]*)(\/.*)$/;

/**
 * What a remote's address serves from a folder store (`<store>/<app>/public`), as a CDN in front of a bucket
 * would: `live.json` read afresh on every request (it changes with each promotion), and each release's
 * files, which never change, from a file server of their own made at the release's first request (so a
 * release published while the server runs is served) and cached a year.
 */
export function releaseFiles(publicDir: string): Handler {
  const releases = new Map<string, Handler>();
  const releaseOf = (id: string): Handler | null => {
    let files = releases.get(id);
    if (!files) {
      const dir = path.join(publicDir, 'releases', id);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) return null;
      files = sirv(dir, {
        etag: true,
        gzip: true,
        brotli: true,
        dotfiles: false,
        setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
      });
      releases.set(id, files);
    }
    return files;
  };
  return (req, res, next) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === `/${LIVE_RELEASES_FILE}`) {
      let body: Buffer;
      try {
        body = readFileSync(path.join(publicDir, LIVE_RELEASES_FILE));
      } catch {
        return next();
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    const match = RELEASE_PATH.exec(pathname);
    const files = match ? releaseOf(match[1]!) : null;
    if (!match || !files) return next();
    req.url = `${match[2]}${search}`;
    files(req, res, next);
  };
}
