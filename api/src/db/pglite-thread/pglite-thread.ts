import { Worker } from 'node:worker_threads';
import type { ThreadAnswer, ThreadAsk, ThreadError, ThreadRequest } from './protocol.ts';

/** What a query answers: PGlite's `Results`, as it crossed the threads. */
export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

interface QueryOptions {
  rowMode?: 'object' | 'array';
}

/** The part of PGlite's transaction drizzle's session calls. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
}

/**
 * The embedded database in its own thread (worker.ts), with the surface drizzle's PGlite driver calls:
 * `query`, and `transaction` with a callback. PGlite runs PostgreSQL as WebAssembly in the thread that
 * calls it; in the api's thread every query held every other request (an event-loop stall of 810-922 ms
 * at a million products, docs/performance.md). Here the api's thread only waits for the answer.
 * Queries still run one at a time, in the order asked; a query outside an open transaction waits for it,
 * as with PGlite in the same thread.
 */
export class PgliteThread implements ThreadTransaction {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: ThreadAnswer) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(databaseError(answer.error));
    });
    // The thread died (out of memory, a crash in PostgreSQL): every waiting query fails, and so does
    // every later one; readiness then reports the database down.
    const stop = (reason: Error) => {
      this.#stopped ??= reason;
      for (const waiting of this.#pending.values()) waiting.reject(reason);
      this.#pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) =>
      stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /** Starts the thread on the database directory `dir` and waits until PGlite answers in it. */
  static async open(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: { dir } });
    const thread = new PgliteThread(worker);
    try {
      await thread.query('select 1');
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  #ask<T>(request: ThreadAsk): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  /** A query in the transaction `txId`, or outside any when it is undefined. */
  #query(txId: number | undefined): ThreadTransaction['query'] {
    return (sql, params = [], options = {}) =>
      this.#ask({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', txId });
  }

  readonly query = this.#query(undefined);

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = await this.#ask<number>({ op: 'begin' });
    const tx: ThreadTransaction = { query: this.#query(txId) };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#ask({ op: 'end', txId, commit: false }).catch(() => {});
      throw error;
    }
    await this.#ask({ op: 'end', txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#ask({ op: 'close' }).catch(() => {});
    await this.#worker.terminate();
  }
}

/** The error as PGlite threw it: its message, and PostgreSQL's fields (`code`, `constraint`…) on it. */
function databaseError({ message, name, fields }: ThreadError): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}
