import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { count } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import { addProduct, register, tinyPng, type SignedIn } from './helpers/shop.ts';
import { multipart } from './helpers/multipart.ts';
import { reviews } from '../src/db/schema.ts';

// Form data is read within each route's limits: over one, 413 with a message, the rest of the body is
// never read (the connection is closed), and nothing is written.
const t = useTestApp();
let port: number;
let shopper: SignedIn;
let productId: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  shopper = await register(t.app);
  productId = (await addProduct(t.app)).id;
});

const reviewCount = async () => (await t.app.shop.db.select({ n: count() }).from(reviews))[0]!.n;
const MiB = 1024 * 1024;

/**
 * Sends a multipart PUT /review over a raw socket, a chunk at a time, as long as the server keeps the
 * connection open. Answers the status line and body, and how many body bytes had been sent by then.
 */
function streamReview(parts: { name: string; size: number }[], declareLength: boolean) {
  const boundary = 'limitboundary';
  const head = (name: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
  const total =
    parts.reduce((sum, part) => sum + head(part.name).length + part.size + 2, 0) + boundary.length + 6;
  return new Promise<{ status: number; body: string; sentBytes: number; closed: boolean }>(
    (resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1');
      let answer = '';
      let sentBytes = 0;
      let stop = false;
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => (stop = true));
      socket.on('close', () => {
        stop = true;
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4), sentBytes, closed: true });
      });
      socket.on('connect', async () => {
        try {
          socket.write(
            `PUT /api/v1/review HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${shopper.token}\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
              (declareLength ? `Content-Length: ${total}\r\n` : 'Transfer-Encoding: chunked\r\n') +
              '\r\n',
          );
          const send = async (bytes: Buffer) => {
            if (stop) return;
            const framed = declareLength
              ? bytes
              : Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
            sentBytes += bytes.length;
            if (!socket.write(framed)) await new Promise((done) => setTimeout(done, 5));
            await new Promise((done) => setImmediate(done));
          };
          const chunk = Buffer.alloc(256 * 1024, 'a');
          for (const part of parts) {
            await send(head(part.name));
            for (let left = part.size; left > 0 && !stop; left -= chunk.length)
              await send(chunk.subarray(0, Math.min(left, chunk.length)));
            await send(Buffer.from('\r\n'));
          }
          await send(Buffer.from(`--${boundary}--\r\n`));
          if (!declareLength && !stop) socket.write('0\r\n\r\n');
          // A server that read it all answers now and keeps the connection: end our side.
          setTimeout(() => socket.end(), 2000);
        } catch (error) {
          reject(error);
        }
      });
    },
  );
}

describe('multipart limits', () => {
  it('25 fields of 8 MiB on PUT /review: 413 long before the 200 MiB are sent, connection closed, nothing written', async () => {
    const before = await reviewCount();
    const fields = Array.from({ length: 25 }, (_, index) => ({ name: `field${index}`, size: 8 * MiB }));
    const result = await streamReview(fields, false);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body.replace(/^[0-9a-f]+\r\n/, ''))).toMatchObject({ success: false });
    expect(result.closed).toBe(true);
    expect(result.sentBytes).toBeLessThan(32 * MiB);
    expect(await reviewCount()).toBe(before);
  });

  it('a declared length over the route limit is refused before any of the body is read', async () => {
    const result = await streamReview([{ name: 'comment', size: 300 * MiB }], true);
    expect(result.status).toBe(413);
    expect(result.sentBytes).toBeLessThan(32 * MiB);
  });

  const put = (payload: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/review',
      headers: { ...shopper.auth, ...payload.headers },
      payload: payload.payload,
    });

  it('names the limit: a field over 64 KiB, too many fields, a file where none is taken', async () => {
    const before = await reviewCount();
    const long = await put(multipart({ rating: '5', comment: 'x'.repeat(65 * 1024), productId }));
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual({ success: false, message: 'comment: at most 64 KiB' });

    const many = await put(multipart({ rating: '5', comment: 'ok', productId, a: '1', b: '2', c: '3' }));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ success: false, message: 'body: at most 5 form fields' });

    const file = await put(
      multipart({ rating: '5', comment: 'ok', productId }, [
        { field: 'photo', filename: 'a.png', type: 'image/png', bytes: tinyPng() },
      ]),
    );
    expect(file.statusCode).toBe(413);
    expect(file.json()).toEqual({ success: false, message: 'body: this form takes no files' });
    expect(await reviewCount()).toBe(before);

    const fine = await put(multipart({ rating: '5', comment: 'Within the limits', productId }));
    expect(fine.statusCode).toBe(200);
  });
});
