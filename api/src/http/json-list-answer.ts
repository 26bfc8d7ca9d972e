import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

type Fields = Record<string, unknown>;

/** `{...fields}` without its braces: what goes between other fields of one object. */
const inner = (fields: Fields) => JSON.stringify(fields).slice(1, -1);

/**
 * Sends `{ ...head, [listKey]: [every item of every batch], ...tail() }` as JSON written a batch at a time,
 * at the pace the client reads: a list of any length holds one batch in memory and blocks the event loop
 * for one batch's JSON at a time, where building the whole answer first took memory and time in
 * proportion to the shop (an unpaged admin list at 1,000,000 products). `tail` is called after the last
 * batch, so figures summed over the items describe exactly the items sent.
 *
 * The first batch is read before the answer starts, so a database that fails at once answers its own
 * error status. A failure half-way cuts the answer short (the status has gone): the client reads broken
 * JSON, never a shorter list that looks whole; it is logged.
 */
export async function sendJsonList<Item>(
  reply: FastifyReply,
  head: Fields,
  listKey: string,
  batches: AsyncGenerator<Item[]>,
  tail: () => Fields = () => ({}),
) {
  const first = await batches.next();
  async function* json() {
    const opening = inner(head);
    yield `{${opening}${opening ? ',' : ''}${JSON.stringify(listKey)}:[`;
    let separator = '';
    for (let next = first; !next.done; next = await batches.next()) {
      if (!next.value.length) continue;
      yield separator + next.value.map((item) => JSON.stringify(item)).join(',');
      separator = ',';
    }
    const closing = inner(tail());
    yield `]${closing ? ',' : ''}${closing}}`;
  }
  const body = Readable.from(json(), { objectMode: false }).on('error', (error) =>
    reply.log.error({ err: error }, 'list answer failed half-way'),
  );
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
