import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadAnswer, ThreadError, ThreadRequest } from './protocol.ts';

// The embedded database's own thread (pglite-thread.ts starts it): PGlite runs PostgreSQL as WebAssembly
// in the thread that calls it, so in the api's thread a 60 ms query held every other request for 60 ms.

const port = parentPort!;
const { dir } = workerData as { dir: string };

const asText = (value: string) => value;
/**
 * The types drizzle's PGlite session reads as PostgreSQL's text (its `parsers`, the same for every query):
 * dates, times and intervals, and numeric arrays. Functions do not cross threads, so they are named here.
 */
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

const database = new PGlite(dir, { extensions: { pg_trgm } });

/** Open transactions by id: PGlite's transaction, how to end its callback (true commits), and its end. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let nextTxId = 1;

/** Thrown inside PGlite's transaction callback to make it roll back. */
const rollback = Symbol('rollback');

/** Opens a transaction and answers its id once BEGIN has run; it stays open until `end` says how to end. */
function begin(): Promise<number> {
  const id = nextTxId++;
  return new Promise<number>((opened, failed) => {
    let end: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const done: Promise<void> = database
      .transaction(async (tx) => {
        open.set(id, { tx, end, done });
        opened(id);
        if (!(await decided)) throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    // BEGIN failed; once opened, a later failure (COMMIT) is `end`'s to answer and this does nothing.
    done.catch(failed);
  });
}

type Asked = Extract<ThreadRequest, { id: number }>;

/** What `request` answers; `from` is the port it came by (only the api's thread's may close the database). */
async function handle(request: Asked, from: MessagePort): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? database : open.get(request.txId)?.tx;
      if (!target) throw new Error(`no open transaction ${request.txId}`);
      return target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    }
    case 'begin':
      return begin();
    case 'end': {
      const transaction = open.get(request.txId);
      if (!transaction) throw new Error(`no open transaction ${request.txId}`);
      open.delete(request.txId);
      transaction.end(request.commit);
      await transaction.done;
      return null;
    }
    case 'close':
      // Another thread closes its own port (PgliteThread.close), never the database under the api.
      if (from === port) await database.close();
      return null;
  }
}

/** An error as it can cross: structured cloning keeps an Error's message, not PostgreSQL's fields. */
function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { message: error.message, name: error.name, fields };
}

/** Starts `request`, from the port `from`, in the one queue of PGlite's queries; answers it there. */
function dispatch(request: ThreadRequest, from: MessagePort) {
  if (request.op === 'serve') return serve(request.port);
  handle(request, from).then(
    (result) => from.postMessage({ id: request.id, ok: true, result } satisfies ThreadAnswer),
    (error: unknown) =>
      from.postMessage({ id: request.id, ok: false, error: threadError(error) } satisfies ThreadAnswer),
  );
}

/** The ports of the api's other threads (`serve`). */
const linked = new Set<MessagePort>();

/**
 * Starts what the other threads asked before the api's next request. Left to the event loop, a busy api
 * port is served message after message while another port's wait: under 50 connections the catalog
 * index's queries reached this thread 3.6-4 s after they were sent (its load never finished in a 10 s run
 * at 90,000 products), and one sent behind 2,000 of the api's was started after all of them.
 */
function takeLinkedFirst() {
  for (const other of linked)
    for (let next = receiveMessageOnPort(other); next; next = receiveMessageOnPort(other))
      dispatch(next.message as ThreadRequest, other);
}

/** Answers another thread's requests arriving on `other` (as they come when the api's port is quiet). */
function serve(other: MessagePort) {
  linked.add(other);
  other.on('message', (request: ThreadRequest) => dispatch(request, other));
  other.on('close', () => linked.delete(other));
}

port.on('message', (request: ThreadRequest) => {
  takeLinkedFirst();
  dispatch(request, port);
});
