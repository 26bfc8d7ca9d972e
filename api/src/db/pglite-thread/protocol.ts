import type { MessagePort } from 'node:worker_threads';
import type { Unnumbered } from '../../threads/unnumbered.ts';

/** What the api's thread asks the database thread (worker.ts) to do. `id` pairs an answer with its request. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'object' | 'array'; txId?: number }
  /** Opens a transaction; later queries naming its `txId` run inside it, any other query waits for it. */
  | { id: number; op: 'begin' }
  /** Ends the transaction `txId`: committed, or rolled back. */
  | { id: number; op: 'end'; txId: number; commit: boolean }
  /** Closes the database: from the api's thread only (another thread closes its port itself). */
  | { id: number; op: 'close' }
  /**
   * Answers `port` too, as this one: another thread of the api's (the catalog index's) reaches the
   * database through it, its queries in the same queue. No answer.
   */
  | { op: 'serve'; port: MessagePort };

/** A database error as it crossed the threads: its message and PostgreSQL's fields (`code`, `constraint`…). */
export interface ThreadError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type ThreadAnswer =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };

/** A request before its id is given. */
export type ThreadAsk = Unnumbered<ThreadRequest>;
