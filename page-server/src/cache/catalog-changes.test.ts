import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followCatalogChanges } from './catalog-changes.ts';

const A = '64b7f0c2a1e4d3b2c1a09f8e';
const stops: (() => void)[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** An api whose catalog the test moves; `changesRoute: false` is an api from before `/catalog/changes`. */
async function apiWithCatalog(changesRoute = true) {
  const catalog = { revision: 7, changes: new Map<number, string[] | null>(), asked: [] as string[] };
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://api');
    catalog.asked.push(`${url.pathname}${url.search}`);
    const send = (body: object) =>
      res.setHeader('Content-Type', 'application/json').end(JSON.stringify(body));
    if (url.pathname === '/api/v1/catalog/revision')
      return send({ success: true, revision: catalog.revision });
    if (url.pathname !== '/api/v1/catalog/changes' || !changesRoute) return res.writeHead(404).end();
    const since = url.searchParams.get('since');
    let products: string[] | null = since === null ? null : [];
    for (let at = Number(since) + 1; since !== null && at <= catalog.revision; at++) {
      const changed = catalog.changes.get(at);
      products = changed && products ? [...products, ...changed] : null;
    }
    send({ success: true, revision: catalog.revision, products });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  const apiUrl = `http://localhost:${(server.address() as AddressInfo).port}/api/v1`;
  const changed: (readonly string[] | null)[] = [];
  const follower = followCatalogChanges({
    apiUrl,
    everyMs: 20,
    onChange: (p) => changed.push(p),
    log: () => {},
  });
  stops.push(follower.stop);
  await follower.ready;
  const write = (products: string[] | null) => catalog.changes.set(++catalog.revision, products);
  return { catalog, changed, write };
}

describe("the page server's follower of the catalog's changes", () => {
  it('passes on the products each move of the revision changed, asking from the revision it knows', async () => {
    const { catalog, changed, write } = await apiWithCatalog();
    expect(changed).toEqual([]); // the first answer is where it starts
    write([A]);
    await vi.waitFor(() => expect(changed).toEqual([[A]]));
    write(null);
    await vi.waitFor(() => expect(changed).toEqual([[A], null]));
    expect(catalog.asked[0]).toBe('/api/v1/catalog/changes');
    expect(catalog.asked).toContain('/api/v1/catalog/changes?since=8');
  });

  it('follows an api from before the changes route by its revision, every move dropping everything', async () => {
    const { changed, write } = await apiWithCatalog(false);
    write([A]);
    await vi.waitFor(() => expect(changed).toEqual([null]));
  });
});
