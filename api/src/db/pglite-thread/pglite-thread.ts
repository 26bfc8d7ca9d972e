import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
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
  /** The database's thread itself (the api's thread), or a port to it (another thread: `over`). */
  readonly #line: Worker | MessagePort;
  readonly #pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #stopped: Error | null = null;

  private constructor(line: Worker | MessagePort) {
    this.#line = line;
    line.on('message', (answer: ThreadAnswer) => {
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
    if (line instanceof Worker) {
      line.on('error', stop);
      line.on('exit', (code) =>
        stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
      );
    } else {
      line.on('close', () => stop(new Error("the port to the embedded database's thread closed")));
    }
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

  /**
   * The same database from another thread of the api's, by the port `link` gave: its queries join this
   * one's queue, in the database's thread. Closing it closes the port, not the database.
   */
  static over(port: MessagePort): PgliteThread {
    return new PgliteThread(port);
  }

  /** A port for `over` in another thread (pass it in that thread's `transferList`). */
  link(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    this.#line.postMessage({ op: 'serve', port: port1 } satisfies ThreadRequest, [port1]);
    return port2;
  }

  #ask<T>(request: ThreadAsk): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.#line.postMessage({ ...request, id } as ThreadRequest);
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
    if (this.#line instanceof Worker) {
      if (!this.#stopped) await this.#ask({ op: 'close' }).catch(() => {});
      return void (await this.#line.terminate());
    }
    // A port closes both its ends: the database's thread forgets it, and nothing else needs asking. A
    // query asked before the port's `close` event would be posted to nowhere and never answered.
    this.#stopped ??= new Error("the port to the embedded database's thread closed");
    this.#line.close();
  }
}

/** The error as PGlite threw it: its message, and PostgreSQL's fields (`code`, `constraint`…) on it. */
function databaseError({ message, name, fields }: ThreadError): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}
