import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const CSV_TYPE = 'text/csv';

const mediaTypeOf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

const mebibytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MiB`;

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `body: a CSV file is limited to ${mebibytes(maxBytes)}`);

/**
 * Lets the routes of `scope` take text/csv bodies, unread: the route streams them itself (csvBodyStream).
 * Registered in the scope of the routes that take CSV only, so no other route starts accepting it.
 * text/csv is no form type, so another site's page cannot send it without a CORS preflight.
 */
export function registerCsvBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(CSV_TYPE, (_request, _payload, done) => done(null));
}

/**
 * The preValidation hook of a CSV route: any other body type is refused by name, unread (415), and a
 * declared length over the limit before a byte is read (413).
 */
export function acceptCsvBody(maxBytes: number) {
  return async function acceptCsv(request: FastifyRequest) {
    request.uploads = [];
    const type = mediaTypeOf(request);
    if (type !== CSV_TYPE)
      throw new HttpError(
        415,
        `body: this route takes a CSV file (text/csv), not ${type.slice(0, 80) || 'nothing'}`,
      );
    if (Number(request.headers['content-length']) > maxBytes) throw tooLarge(maxBytes);
  };
}

/**
 * The request's CSV body as a stream of its bytes, failing with a 413 once more than `maxBytes` have come
 * (a body sent without its length, or with a false one): nothing past the limit is read.
 */
export function csvBodyStream(request: FastifyRequest, maxBytes: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) {
        request.raw.unpipe(counter);
        request.raw.pause();
        done(tooLarge(maxBytes));
        return;
      }
      done(null, chunk);
    },
  });
  request.raw.on('error', (error) => counter.destroy(error));
  return request.raw.pipe(counter);
}

/**
 * After a refusal while the body was still arriving (a bad header, a malformed file): reads the rest and
 * drops it, up to `maxBytes`, so the client hears the answer instead of a reset; past that, or if it
 * fails, the connection closes.
 */
export async function drainCsvBody(request: FastifyRequest, reply: FastifyReply, maxBytes: number) {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  let dropped = 0;
  try {
    for await (const chunk of raw) {
      dropped += (chunk as Buffer).length;
      if (dropped > maxBytes) break;
    }
  } catch {
    // The client went away: nothing left to answer.
  }
  if (!raw.complete) reply.header('connection', 'close');
}
