import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { Product, ProductSuggestion, productListQuerySchema } from '@shop/shared-api/schemas';
import type { DatabaseLink, Db } from '../../db/client.ts';
import { TOO_LARGE_RECHECK_MS, type CatalogIndex } from '../catalog-index.ts';
import { countCatalog } from '../list-counts.ts';
import type { CatalogPage } from '../catalog-snapshot.ts';
import { loadProductPage, loadProductView } from '../product-repository.ts';
import { loadSuggestions } from '../suggestion-statements.ts';
import type { Unnumbered } from '../../threads/unnumbered.ts';
import type { CatalogAnswer, CatalogRequest, CatalogThreadData } from './protocol.ts';

type ProductListQuery = z.output<typeof productListQuerySchema>;
type Ask = Unnumbered<CatalogRequest>;

/**
 * How long a list waits for the index's thread before the database answers it instead. Long enough for
 * the queue of a full load (50 connections, a list from memory 1-3 ms at 90,000 products: waiting 50 ms,
 * many lists went to the database and the api listed 463-597 a second, not 1,206), short
 * enough that no list waits out a whole load (240-480 ms at 90,000), when the thread answers nothing.
 */
export const MEMORY_ANSWER_WAIT_MS = 200;

/** How many questions may wait for the thread at once (more than a full load's 50 connections); more go to the database. */
export const MOST_WAITING = 64;

const YOUNG_GENERATION_MB = 8;

/** How often at most the thread is told that lists were answered without it (`fromMemory`). */
const LISTED_NOTICE_MS = 100;

/**
 * How long asking whether the thread holds the catalog, and closing (its connections), wait for it before
 * answering without it.
 */
const QUESTION_WAIT_MS = 2000;

/** The id of the question that closes a thread: no other question is numbered below 1. */
const CLOSING = 0;

/** How long `warm` waits for a whole load. */
const WARM_WAIT_MS = 60_000;

/**
 * The storefront list's memory index (catalog-index.ts) run in a thread of its own (worker.ts): the
 * thread reaches the same database (`DatabaseLink`) and loads, patches and catches up there, so no load
 * holds the api's thread. The api's thread asks it for a page or suggestions while it says it holds
 * a catalog; otherwise, and when it is slower than `MEMORY_ANSWER_WAIT_MS`, has `MOST_WAITING` questions
 * already or has stopped, the database answers (`read`): a list never waits long on the thread, nor is
 * lost with it. Changes are sent as they happen, before any later question, so this instance still reads
 * its own writes. On the embedded PGlite (itself in a thread, db/pglite-thread/) the index's queries go
 * there by a port of their own: the rows of a load cross into the index's thread, not the api's.
 *
 * A thread lives only while the catalog fits in it: told the catalog has more than `maxProducts`, the api
 * ends it, which gives its heap back (an idle thread kept the api's RSS ~65 MB higher at a million
 * products, 508 MB where the cache off had 445), and counts the catalog every `TOO_LARGE_RECHECK_MS` on a
 * list; within the bound again, a new thread starts and loads it.
 */
export function openCatalogThread(
  data: Omit<CatalogThreadData, 'database'> & {
    /** A new way to the database for each thread started (a port is handed over to one thread only). */
    database: () => DatabaseLink;
  },
  options: {
    /** Runs a list's or suggestion's read on the database when memory does not answer. */
    read: <T>(query: (db: Db) => Promise<T>) => Promise<T>;
    onAnswer?: (source: 'memory' | 'database') => void;
    log: { warn(fields: object, message: string): void; info(fields: object, message: string): void };
    /** The thread's program: worker.ts (tests start a broken or silent one). */
    program?: URL;
  },
): CatalogIndex {
  const onAnswer = options.onAnswer ?? (() => {});
  const program = options.program ?? new URL('./worker.ts', import.meta.url);
  /** The thread running now: none once stopped, nor after it was ended for a catalog it could not hold. */
  let worker: Worker | undefined;
  /** Questions asked and not answered: each settles with the thread's result, or without one (`failed`). */
  const pending = new Map<number, (answered: { result: unknown } | 'failed') => void>();
  let nextId = CLOSING + 1;
  /** Why no thread will run again: it failed, or the index was closed. */
  let stopped: Error | undefined;
  /**
   * When the catalog was last found larger than a thread may hold, or counted (whatever the count): the
   * next count waits `TOO_LARGE_RECHECK_MS` from it.
   */
  let outgrownAt = -Infinity;
  let counting = false;

  /** Whether the thread holds a catalog, as it last said: while it does not, lists go to the database unasked. */
  let holding = false;
  /**
   * Whether the thread is patching the products a change named into the catalog it held: lists are asked
   * then, and wait for the patch (tens of ms) instead of the database (hundreds at 90,000 products). Until
   * the thread says it holds the catalog again, or answers a list with nothing (the patch failed: a load).
   */
  let patching = false;

  /** Whether a question has failed in the thread yet: the first is logged, the rest go to the database quietly. */
  let failedBefore = false;

  function onMessage(answer: CatalogAnswer) {
    if ('outgrown' in answer) return endOutgrown();
    if ('holding' in answer) {
      holding = answer.holding;
      if (holding) patching = false;
      return;
    }
    const settle = pending.get(answer.id);
    pending.delete(answer.id);
    if (!answer.ok && !failedBefore) {
      failedBefore = true;
      options.log.warn(
        { reason: answer.message },
        'the catalog index thread failed a question: the database answers it',
      );
    }
    settle?.(answer.ok ? { result: answer.result } : 'failed');
  }

  /** No thread runs from now on: what waits for one is answered without it. */
  function letGo() {
    worker = undefined;
    holding = false;
    patching = false;
    for (const settle of pending.values()) settle('failed');
    pending.clear();
  }

  const stop = (reason: Error) => {
    stopped = reason;
    letGo();
    options.log.warn({ reason: reason.message }, 'the catalog index thread stopped: the database lists');
  };

  function startThread() {
    const database = data.database();
    // A young generation of 8 MB, not V8's default: the api's RSS at 10,000 products 613 → 522 MB, at
    // 90,000 573-600 → 457, for lists a second of 5,917 (was 5,238) and 1,042 (was 1,146-1,156), one run each.
    const thread = new Worker(program, {
      workerData: { ...data, database } satisfies CatalogThreadData,
      transferList: 'port' in database ? [database.port] : [],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // A list in flight keeps the api alive, not the thread: closing the app ends it (close()).
    thread.unref();
    // A thread ended on purpose (closed, outgrown) says nothing more that counts.
    thread.on('message', (answer: CatalogAnswer) => thread === worker && onMessage(answer));
    thread.on('error', (error) => thread === worker && stop(error));
    thread.on(
      'exit',
      (code) => thread === worker && stop(new Error(`the catalog index thread exited (code ${code})`)),
    );
    worker = thread;
  }

  /** Closes a thread's connections (waiting `QUESTION_WAIT_MS` at most), then ends it. */
  async function endThread(thread: Worker) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, QUESTION_WAIT_MS);
      thread.on('message', (answer: CatalogAnswer) => {
        if ('id' in answer && answer.id === CLOSING) resolve(clearTimeout(timer));
      });
      thread.postMessage({ op: 'close', id: CLOSING } satisfies CatalogRequest);
    });
    await thread.terminate();
  }

  function endOutgrown() {
    const thread = worker!;
    letGo();
    outgrownAt = performance.now();
    options.log.info(
      { maxProducts: data.maxProducts },
      'the catalog has more products than its index holds: the thread ends, the database lists',
    );
    void endThread(thread);
  }

  /** With no thread for a catalog too large, counts it when due: within the bound again, a new thread loads it. */
  function countWhenDue() {
    if (stopped || counting || performance.now() - outgrownAt < TOO_LARGE_RECHECK_MS) return;
    counting = true;
    options
      .read((db) => countCatalog(db))
      .then((products) => {
        if (products <= data.maxProducts && !stopped && !worker) startThread();
      })
      .catch(() => {}) // counted again when due
      .finally(() => {
        counting = false;
        outgrownAt = performance.now();
      });
  }

  /**
   * The thread's answer to `request`, or `otherwise` when there is none, it fails, is slower than `waitMs`
   * (its late answer is dropped), or has `MOST_WAITING` questions unanswered already (it then has work for
   * `waitMs` and more: under a load it cannot keep up with, the rest go to the database, not into a queue).
   */
  function ask<T>(request: Ask, waitMs: number, otherwise: T): Promise<T> {
    const thread = worker;
    if (!thread || pending.size >= MOST_WAITING) return Promise.resolve(otherwise);
    const id = nextId++;
    return new Promise<T>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(otherwise);
      }, waitMs);
      pending.set(id, (answered) => {
        clearTimeout(timer);
        resolve(answered === 'failed' ? otherwise : (answered.result as T));
      });
      thread.postMessage({ ...request, id } as CatalogRequest);
    });
  }

  let toldListedAt = -Infinity;
  /**
   * The thread's answer from memory, or null: none held, too slow, too busy or stopped. While it patches
   * (`patching`) it is asked, and answers once the patch is in. While it holds nothing else it is not
   * asked, but told (every `LISTED_NOTICE_MS` at most) that lists want a catalog: it
   * loads one when due, as the index in the api's thread does on a list.
   */
  async function fromMemory<T>(request: Ask): Promise<T | null> {
    if (holding) return ask<T | null>(request, MEMORY_ANSWER_WAIT_MS, null);
    if (patching) {
      const answer = await ask<T | null>(request, MEMORY_ANSWER_WAIT_MS, null);
      if (answer === null && !holding) patching = false;
      return answer;
    }
    if (!worker) {
      countWhenDue();
      return null;
    }
    const now = performance.now();
    if (now - toldListedAt >= LISTED_NOTICE_MS) {
      toldListedAt = now;
      worker.postMessage({ op: 'listed' } satisfies CatalogRequest);
    }
    return null;
  }

  startThread();
  return {
    async page(query: ProductListQuery, baseUrl: string): Promise<CatalogPage> {
      const page = await fromMemory<CatalogPage>({ op: 'page', query, baseUrl });
      onAnswer(page ? 'memory' : 'database');
      return page ?? options.read((db) => loadProductPage(db, query, baseUrl));
    },
    async suggest(text: string, baseUrl: string): Promise<ProductSuggestion[]> {
      const suggestions = await fromMemory<ProductSuggestion[]>({ op: 'suggest', text, baseUrl });
      return suggestions ?? options.read((db) => loadSuggestions(db, text, baseUrl));
    },
    async product(id: string, baseUrl: string): Promise<Product | undefined> {
      const product = await fromMemory<Product>({ op: 'product', productId: id, baseUrl });
      return product ?? options.read((db) => loadProductView(db, id, baseUrl));
    },
    holdsCatalog: () => ask({ op: 'holds' }, QUESTION_WAIT_MS, false),
    // A load of the largest catalog the index holds takes seconds; a start does not wait longer.
    warm: () => ask({ op: 'warm' }, WARM_WAIT_MS, false),
    invalidate(products?: readonly string[]) {
      // The thread sets its snapshot aside on this change, before it answers anything asked after it, and
      // patches the products named into it.
      patching ||= holding && products !== undefined && products.length > 0;
      holding = false;
      worker?.postMessage({ op: 'changed', products } satisfies CatalogRequest);
    },
    async close() {
      const thread = worker;
      // Closed on purpose: the thread's exit is not a failure to log.
      stopped ??= new Error('the catalog index thread was closed');
      letGo();
      if (thread) await endThread(thread);
    },
  };
}
