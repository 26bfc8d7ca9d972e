import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { Product, ProductSuggestion, productListQuerySchema } from '@shop/shared-api/schemas';
import type { Db } from '../../db/client.ts';
import type { CatalogIndex } from '../catalog-index.ts';
import type { CatalogPage } from '../catalog-snapshot.ts';
import { loadProductPage, loadProductView, loadSuggestions } from '../product-repository.ts';
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
 */
export function openCatalogThread(
  data: CatalogThreadData,
  options: {
    /** Runs a list's or suggestion's read on the database when memory does not answer. */
    read: <T>(query: (db: Db) => Promise<T>) => Promise<T>;
    onAnswer?: (source: 'memory' | 'database') => void;
    log: { warn(fields: object, message: string): void };
    /** The thread's program: worker.ts (tests start a broken or silent one). */
    program?: URL;
  },
): CatalogIndex {
  const onAnswer = options.onAnswer ?? (() => {});
  const program = options.program ?? new URL('./worker.ts', import.meta.url);
  // A young generation of 8 MB, not V8's default: the api's RSS at 10,000 products 613 → 522 MB, at
  // 90,000 573-600 → 457, for lists a second of 5,917 (was 5,238) and 1,042 (was 1,146-1,156), one run each.
  const worker = new Worker(program, {
    workerData: data,
    transferList: 'port' in data.database ? [data.database.port] : [],
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  // A list in flight keeps the api alive, not the thread: closing the app ends it (close()).
  worker.unref();
  /** Questions asked and not answered: each settles with the thread's result, or without one (`failed`). */
  const pending = new Map<number, (answered: { result: unknown } | 'failed') => void>();
  let nextId = 1;
  let stopped: Error | undefined;

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

  worker.on('message', (answer: CatalogAnswer) => {
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
  });
  const stop = (reason: Error) => {
    if (stopped) return; // closed, or already told: `ask` has let nothing wait since
    stopped = reason;
    options.log.warn({ reason: reason.message }, 'the catalog index thread stopped: the database lists');
    for (const settle of pending.values()) settle('failed');
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the catalog index thread exited (code ${code})`)));

  /**
   * The thread's answer to `request`, or `otherwise` when it fails, has stopped, is slower than `waitMs`
   * (its late answer is dropped), or has `MOST_WAITING` questions unanswered already (it then has work for
   * `waitMs` and more: under a load it cannot keep up with, the rest go to the database, not into a queue).
   */
  function ask<T>(request: Ask, waitMs: number, otherwise: T): Promise<T> {
    if (stopped || pending.size >= MOST_WAITING) return Promise.resolve(otherwise);
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
      worker.postMessage({ ...request, id } as CatalogRequest);
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
    const now = performance.now();
    if (!stopped && now - toldListedAt >= LISTED_NOTICE_MS) {
      toldListedAt = now;
      worker.postMessage({ op: 'listed' } satisfies CatalogRequest);
    }
    return null;
  }

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
      if (!stopped) worker.postMessage({ op: 'changed', products } satisfies CatalogRequest);
    },
    async close() {
      await ask({ op: 'close' }, QUESTION_WAIT_MS, null);
      // Closed on purpose: the thread's exit is not a failure to log.
      stopped ??= new Error('the catalog index thread was closed');
      await worker.terminate();
    },
  };
}
