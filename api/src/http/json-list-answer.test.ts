import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendJsonList } from './json-list-answer.ts';

type Fields = Record<string, unknown>;
type Answer = [head: Fields, listKey: string, batches: AsyncGenerator<unknown[]>, tail?: () => Fields];

/** A server with one route answering what `answer` sends, and the text a client reads from it. */
async function read(answer: Answer) {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => sendJsonList(reply, ...answer));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

async function* batches<Item>(...list: Item[][]) {
  for (const batch of list) yield batch;
}

describe('sendJsonList', () => {
  it('writes the head, every batch as one list, then the tail, as one JSON object', async () => {
    let sent = 0;
    async function* counted() {
      for await (const batch of batches([{ n: 1 }, { n: 2 }], [], [{ n: 3 }])) {
        sent += batch.length;
        yield batch;
      }
    }
    const response = await read([{}, 'items', counted(), () => ({ sent })]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The tail is worked out after the last batch: it describes exactly the items sent.
    expect(response.json()).toEqual({ items: [{ n: 1 }, { n: 2 }, { n: 3 }], sent: 3 });
    expect((await read([{ success: true }, 'users', batches(), () => ({})])).json()).toEqual({
      success: true,
      users: [],
    });
  });

  it('answers an error status when the first batch fails, sending no list', async () => {
    async function* failing(): AsyncGenerator<{ n: number }[]> {
      yield* [];
      throw new Error('database gone');
    }
    const response = await read([{ success: true }, 'items', failing()]);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"items"');
  });

  it('cuts the answer short when a later batch fails, so it never reads as a whole, shorter list', async () => {
    async function* failingLater() {
      yield [{ n: 1 }];
      throw new Error('database gone');
    }
    const app = Fastify({ logger: false });
    app.get('/', async (_request, reply) => sendJsonList(reply, { success: true }, 'items', failingLater()));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(url);
      // The status has gone out with the first batch; the connection is then cut, not the list closed.
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
