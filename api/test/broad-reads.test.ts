import { request } from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema } from '@shop/shared-api/schemas';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct } from './helpers/shop.ts';
import { loadProductPage } from '../src/catalog/product-repository.ts';
import { loadSuggestions } from '../src/catalog/suggestion-statements.ts';
import {
  BROAD_READS_BUSY_MESSAGE,
  BROAD_READS_WAITING,
  broadReadsUnderWay,
  forCaller,
  readInTurn,
} from '../src/catalog/broad-reads.ts';
import { wrapQueries } from '../src/observability/sql-hook.ts';
import { connectInThread } from '../src/db/client.ts';
import { readCancellable } from '../src/db/cancellable-read.ts';
import { rowsOf } from '../src/db/rows.ts';

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
/** A list for a caller who stays, as the routes ask for one (on PostgreSQL, in a transaction it can stop). */
const listForCaller = (keyword: string) => forCaller(new AbortController().signal, () => list(keyword));

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

/** The app's address over a real socket (a client can hang up there), listening from the first call. */
async function listening() {
  const bound = t.app.server.address();
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('lists whose keyword no index narrows, and suggestions that rank every match', () => {
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

  it("share their turn with the search box's suggestions that rank every match, not with the most similar names", async () => {
    const suggested = (text: string) =>
      loadSuggestions(t.app.shop.db, text, baseUrl).then((found) => found.map((product) => product.name));
    let release = () => {};
    const holding = readInTurn(() => new Promise<void>((resolve) => (release = resolve)));
    let typo: Promise<string[]> | undefined;
    try {
      // A typo matches no name literally: every match is ranked, after the read holding the turn.
      typo = suggested('coper');
      await until(() => broadReadsUnderWay().waiting === 1);
      // The beginning of a word, and a word whole, are answered meanwhile.
      const brass = await suggested('br');
      expect(brass).toHaveLength(6);
      expect(brass.every((name) => name.startsWith('Brass'))).toBe(true);
      expect(await suggested('lantern')).toHaveLength(6);
      expect(broadReadsUnderWay()).toEqual({ running: 1, waiting: 1 });
    } finally {
      release();
    }
    await holding;
    const copper = await typo;
    expect(copper).toHaveLength(6);
    expect(copper.every((name) => name.startsWith('Copper'))).toBe(true);
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
    const alone = (await statementsOf(() => list('la'))) + (await statementsOf(() => listForCaller('b')));
    const release = holdStatements();
    const first = list('la');
    const leaving = new AbortController();
    const left = forCaller(leaving.signal, () => list('lo'));
    const stays = listForCaller('b');
    leaving.abort();
    release();
    await expect(left).rejects.toMatchObject({ statusCode: 503, message: BROAD_READS_BUSY_MESSAGE });
    expect((await first).filteredProductsCount).toBe(12);
    expect((await stays).filteredProductsCount).toBe(6);
    expect(release.sent()).toBe(alone);
  });

  it('drop the list of a client that hung up while it waited (a search box aborting outdated text)', async () => {
    const alone = await statementsOf(() => listForCaller('la'));
    const address = await listening();
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

describe.runIf(Boolean(process.env.DATABASE_URL))('a broad read running on PostgreSQL', () => {
  let other: postgres.Sql;
  beforeAll(() => {
    other = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
  });
  afterAll(() => other.end());

  /**
   * The products locked by another connection until the returned function is called: a list or a
   * suggestion then runs in PostgreSQL, waiting there, as a slow one does at a million products.
   */
  async function lockProducts() {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const transaction = other.begin(async (tx) => {
      await tx`lock table products in access exclusive mode`;
      locked();
      await released;
    });
    await holding;
    return async () => {
      release();
      await transaction;
    };
  }
  const waitingOnLocks = async () =>
    Number(
      (
        await other`select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`
      )[0]!.waiting,
    );

  it('is stopped when its client hangs up, and the turn goes to the next at once', async () => {
    const address = await listening();
    const unlock = await lockProducts();
    try {
      // A connection of its own (no keep-alive pool), hung up as a browser does when a fetch is aborted.
      const outdated = request(`${address}/api/v1/products?keyword=la`, { agent: false });
      const hungUp = new Promise((resolve) => outdated.on('error', resolve));
      outdated.end();
      await until(async () => broadReadsUnderWay().running === 1 && (await waitingOnLocks()) === 1);
      outdated.destroy();
      await hungUp;
      // Freed while the products are still locked: the statement itself was cancelled.
      await until(async () => broadReadsUnderWay().running === 0 && (await waitingOnLocks()) === 0);
    } finally {
      await unlock();
    }
    expect((await list('b')).filteredProductsCount).toBe(6);
  });

  it("is stopped with its caller's signal for suggestions too, told to come back like a full line", async () => {
    const unlock = await lockProducts();
    try {
      const leaving = new AbortController();
      // Text of no letter or digit has no similarity to read first: every match is ranked, in the turn.
      const suggesting = forCaller(leaving.signal, () => loadSuggestions(t.app.shop.db, '!!', baseUrl));
      await until(async () => (await waitingOnLocks()) === 1);
      leaving.abort();
      await expect(suggesting).rejects.toMatchObject({ statusCode: 503, message: BROAD_READS_BUSY_MESSAGE });
      expect(await waitingOnLocks()).toBe(0);
    } finally {
      await unlock();
    }
    // The connection it ran on went back to the pool whole: the next reads on it answer.
    const answers = await Promise.all(
      ['br', 'co'].map((text) => loadSuggestions(t.app.shop.db, text, baseUrl)),
    );
    expect(answers.map((found) => found.length)).toEqual([6, 6]);
  });

  it('answers again after more suggestions than connections hung up while the database held them', async () => {
    const address = await listening();
    const unlock = await lockProducts();
    const clients = ['la', 'lan', 'br', 'bra', 'co', 'cop', 'lantern', 'brass'].map((text) => {
      const client = request(`${address}/api/v1/products/suggest?q=${text}`, { agent: false });
      client.on('error', () => {});
      client.end();
      return client;
    });
    try {
      // Every connection of the pool (5) waits in PostgreSQL, in a read its caller is about to leave.
      await until(async () => (await waitingOnLocks()) >= 5);
      for (const client of clients) client.destroy();
    } finally {
      await unlock();
    }
    const answered = await t.app.inject({ method: 'GET', url: '/api/v1/products/suggest?q=copper' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().products).toHaveLength(6);
  });

  it('never waits for itself when every connection holds a read whose caller left: one is not stoppable', async () => {
    const pool = await connectInThread({ url: t.databaseUrl! }, 3);
    try {
      const unlock = await lockProducts();
      const leaving = new AbortController();
      const reads = Array.from({ length: 3 }, () =>
        // Awaited inside: drizzle sends a statement only once it is awaited.
        readCancellable(pool.db, leaving.signal, async (reader) =>
          rowsOf(await reader.execute(sql`select count(*) from products`)),
        ),
      );
      try {
        await until(async () => (await waitingOnLocks()) === 3);
        leaving.abort();
      } finally {
        await unlock();
      }
      // The two cancels wait for the third read's connection, which it gives back once the lock is gone.
      // Were all three stoppable, each would keep its connection for a cancel that needs one.
      await Promise.allSettled(reads);
      expect(rowsOf(await pool.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await pool.close();
    }
  });

  it('just runs on a pool of one connection, where a cancel could only wait for the read it stops', async () => {
    const single = await connectInThread({ url: t.databaseUrl! }, 1);
    try {
      const leaving = new AbortController();
      const read = readCancellable(single.db, leaving.signal, async (reader) => {
        leaving.abort();
        return rowsOf<{ one: number }>(await reader.execute(sql`select 1 as one`));
      });
      await expect(read).resolves.toEqual([{ one: 1 }]);
    } finally {
      await single.close();
    }
  });
});
