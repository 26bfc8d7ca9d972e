import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLiveReleases } from './live-releases.ts';

/** A remote's address: what its live.json answers is up to each test. */
let answer: { status: number; body?: unknown } = { status: 404 };
let requests = 0;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (req.url !== '/storefront/live.json') return void res.writeHead(404).end();
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const live = (...shares: [string, number][]) => ({
  live: shares.map(([id, share]) => ({ id, share, manifest: `releases/${id}/mf-manifest.json` })),
  previous: null,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

function follower(lines: string[] = []) {
  return followLiveReleases({
    remotes: { storefront: `${base}/storefront/mf-manifest.json` },
    checkEveryMs: 0,
    timeoutMs: 1000,
    log: (line) => lines.push(line),
  });
}

describe("following a remote's live releases", () => {
  it('reads live.json beside the configured manifest, and follows a change on the next request', async () => {
    const lines: string[] = [];
    const releases = follower(lines);
    answer = { status: 200, body: live(['r2', 10], ['r1', 90]) };
    expect((await releases.current()).storefront?.live.map((release) => release.id)).toEqual(['r2', 'r1']);
    answer = { status: 200, body: live(['r1', 100]) };
    expect((await releases.current()).storefront?.live).toHaveLength(1);
    expect(lines).toEqual(['storefront: live r2 at 10%, r1 at 90%', 'storefront: live r1 at 100%']);
  });

  it('keeps the releases last read when live.json cannot be read or is malformed, saying so once', async () => {
    const lines: string[] = [];
    const releases = follower(lines);
    answer = { status: 200, body: live(['r1', 100]) };
    await releases.current();
    answer = { status: 500 };
    await releases.current();
    await releases.current();
    answer = { status: 200, body: live(['r3', 30]) };
    expect((await releases.current()).storefront?.live[0]?.id).toBe('r1');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /live\.json could not be read, the releases last read stay live: answered HTTP 500$/,
      ),
      expect.stringMatching(/shares must add up to 100/),
    ]);
  });

  it('serves a remote without live.json from its configured manifest', async () => {
    answer = { status: 404 };
    expect((await follower().current()).storefront).toBeUndefined();
  });

  it('asks at most every checkEveryMs, and only the first request waits', async () => {
    answer = { status: 200, body: live(['r1', 100]) };
    const releases = followLiveReleases({
      remotes: { storefront: `${base}/storefront/mf-manifest.json` },
      checkEveryMs: 60_000,
      timeoutMs: 1000,
      log: () => {},
    });
    const before = requests;
    for (let n = 0; n < 20; n++) await releases.current();
    expect(requests - before).toBe(1);
  });
});
