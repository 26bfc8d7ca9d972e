import type { Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage, loadSuggestions } from '../src/catalog/product-repository.ts';
import {
  BROAD_READS_BUSY_MESSAGE,
  BROAD_READS_WAITING,
  broadReadsUnderWay,
  forCaller,
} from '../src/catalog/broad-reads.ts';
import { wrapQueries } from '../src/observability/sql-hook.ts';

// A list whose keyword no index narrows (a letter or two, digits alone, several words), and the search
// box's suggestions worked out by the database, read a share of the catalog that grows with it: they are
// read one at a time, and a few more wait their turn, so that a burst of them never takes every connection
// from the other lists, orders and logins.
const t = useTestApp({ config: { catalogCacheMs: 0 } });
const baseUrl = 'http://shop.test';

beforeAll(async () => {
  for (let i = 1; i <= 12; i++)
    await addProduct(t.app, { name: `${i % 2 ? 'Brass' : 'Copper'} Lantern ${i}`, pricePaise: 10_000 * i });
});

const list = (keyword: string) =>
  loadProductPage(t.app.shop.db, productListQuerySchema.parse({ keyword }), baseUrl);

let stopWatching = () => {};
afterEach(() => stopWatching());

/** The most statements the database was sent at once while `read` ran. */
async function mostAtOnce(read: () => Promise<unknown>) {
  let running = 0;
  let most = 0;
  stopWatching = wrapQueries(async (_text, run) => {
    most = Math.max(most, ++running);
    try {
      return await run();
    } finally {
      running--;
    }
  });
  await read();
  stopWatching();
  return most;
}

/**
 * Every statement held until `release` is called: lists then pile up as they would behind slow ones.
 * `sent()`: how many statements have gone to the database since.
 */
function holdStatements() {
  let release = () => {};
  let sent = 0;
  const released = new Promise<void>((resolve) => (release = resolve));
  stopWatching = wrapQueries(async (_text, run) => {
    await released;
    sent++;
    return run();
  });
  return Object.assign(release, { sent: () => sent });
}

/** How many statements `read` sends to the database when alone. */
async function statementsOf(read: () => Promise<unknown>) {
  let sent = 0;
  const stop = wrapQueries((_text, run) => {
    sent++;
    return run();
  });
  await read();
  stop();
  return sent;
}

/** Resolves once `reached` holds, asked every 10 ms (at most 5 s): a state reached, not a guess of its time. */
async function until(reached: () => boolean | Promise<boolean>) {
  await expect.poll(reached, { timeout: 5_000, interval: 10 }).toBe(true);
}

describe('lists whose keyword no index narrows, and suggestions by the database', () => {
  it('are read one at a time, each with its own answer', async () => {
    const keywords = ['b', 'LA', '1', '12', 'brass lantern', 'r 1'];
    const answers: number[] = [];
    const most = await mostAtOnce(() =>
      Promise.all(keywords.map(async (keyword) => answers.push((await list(keyword)).filteredProductsCount))),
    );
    expect(most).toBe(1);
    expect(answers.sort((a, b) => a - b)).toEqual([0, 1, 4, 6, 6, 12]);
  });

  it('leave a keyword of three characters or more in one word to be read at once with others', async () => {
    const most = await mostAtOnce(() => Promise.all(['brass', 'copper', 'lantern', 'ass'].map(list)));
    expect(most).toBeGreaterThan(1);
  });

  it("share their turn with the search box's suggestions, each with its own answer", async () => {
    const suggested = (text: string) =>
      loadSuggestions(t.app.shop.db, text, baseUrl).then((found) => found.map((product) => product.name));
    let answers: string[][] = [];
    const most = await mostAtOnce(async () => {
      [answers] = await Promise.all([Promise.all(['br', 'coper', 'lantern'].map(suggested)), list('b')]);
    });
    expect(most).toBe(1);
    const [brass, copper, lanterns] = answers;
    expect(brass).toHaveLength(6);
    expect(brass!.every((name) => name.startsWith('Brass'))).toBe(true);
    expect(copper!.every((name) => name.startsWith('Copper'))).toBe(true);
    expect(lanterns).toHaveLength(6);
  });

  it(`wait at most ${BROAD_READS_WAITING} behind the one read; the next is told to come back, and the others answer`, async () => {
    const release = holdStatements();
    const queued = Array.from({ length: 1 + BROAD_READS_WAITING }, () => list('la'));
    await expect(list('b')).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 1,
      message: BROAD_READS_BUSY_MESSAGE,
    });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=e' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ success: false, message: BROAD_READS_BUSY_MESSAGE });
    // Another keyword is not held behind them (only the database is, here).
    const lantern = list('lantern');
    release();
    expect((await Promise.all(queued)).map((page) => page.filteredProductsCount)).toEqual(
      Array(1 + BROAD_READS_WAITING).fill(12),
    );
    expect((await lantern).filteredProductsCount).toBe(12);
    expect((await list('b')).filteredProductsCount).toBe(6);
  });
  it('drop a read whose caller left while it waited: the database is sent nothing for it', async () => {
    const alone = (await statementsOf(() => list('la'))) + (await statementsOf(() => list('b')));
    const release = holdStatements();
    const first = list('la');
    let there = true;
    const left = forCaller(
      () => there,
      () => list('lo'),
    );
    const stays = forCaller(
      () => true,
      () => list('b'),
    );
    there = false;
    release();
    await expect(left).rejects.toMatchObject({ statusCode: 503, message: BROAD_READS_BUSY_MESSAGE });
    expect((await first).filteredProductsCount).toBe(12);
    expect((await stays).filteredProductsCount).toBe(6);
    expect(release.sent()).toBe(alone);
  });

  it('drop the list of a client that hung up while it waited (a search box aborting outdated text)', async () => {
    const alone = await statementsOf(() => list('la'));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: Socket[] = [];
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    const release = holdStatements();
    const first = fetch(`${address}/api/v1/products?keyword=la`);
    await until(() => broadReadsUnderWay().running === 1);
    const leaving = new AbortController();
    const outdated = fetch(`${address}/api/v1/products?keyword=lo`, { signal: leaving.signal });
    await until(() => broadReadsUnderWay().waiting === 1);
    leaving.abort();
    await expect(outdated).rejects.toThrow();
    // Until the api has seen that connection close (the only one that does: fetch keeps the others open).
    await until(() => sockets.some((socket) => socket.destroyed));
    release();
    const answer = await first;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { filteredProductsCount: number }).filteredProductsCount).toBe(12);
    // Until the dropped read has had its turn: it would have run right after the first.
    await expect(list('b')).resolves.toMatchObject({ filteredProductsCount: 6 });
    expect(release.sent()).toBe(alone + (await statementsOf(() => list('b'))));
  });
});
