import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** How much form data one route reads. */
export interface FormLimits {
  /** Text fields at most. */
  fields: number;
  /** Bytes of one text field. */
  fieldSize: number;
  /** Text fields allowed to be larger (an image as a data URL), by name. */
  largeFields?: Record<string, number>;
  /** Files at most (0: none taken). */
  files: number;
  /** Bytes of one file. */
  fileSize: number;
  /** Bytes of the whole body. */
  maxBytes: number;
}

const isMultipart = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MiB` : `${Math.floor(bytes / 1024)} KiB`;

/** Over a limit: 413 naming it (the error handler closes the connection: the rest is never read). */
const tooLarge = (message: string) => new HttpError(413, message);

/**
 * Multipart bodies are not parsed when they arrive: the route's preValidation hook reads them within the
 * route's limits (readFormBody), and JSON-only routes refuse them unread (refuseFormBody).
 */
export function registerMultipart(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

/**
 * A preValidation hook for routes that take form data: a multipart body becomes a plain object of its
 * text fields (a repeated field becomes an array) so the route's zod schema validates it like JSON; files
 * go to `request.uploads`. Every limit is checked while the bytes arrive.
 */
export function readFormBody(limits: FormLimits) {
  return async function readForm(request: FastifyRequest) {
    request.uploads = [];
    if (!isMultipart(request)) return;
    const declared = Number(request.headers['content-length']);
    if (declared > limits.maxBytes) throw tooLarge(`body: form data is limited to ${size(limits.maxBytes)}`);
    const { fields, uploads } = await readParts(request, limits);
    request.body = fields;
    request.uploads = uploads;
  };
}

const mediaTypeOf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The preValidation hook of JSON-only routes: any other body type is refused by name (multipart unread).
 * A page on another site can post a urlencoded, multipart or text/plain form without asking anyone;
 * only JSON needs a CORS preflight, so JSON-only is what keeps such forms away.
 */
export async function refuseFormBody(request: FastifyRequest) {
  request.uploads = [];
  const type = mediaTypeOf(request);
  if (type && type !== 'application/json' && request.method !== 'GET' && request.method !== 'HEAD')
    throw new HttpError(415, `body: this route takes JSON (application/json), not ${type.slice(0, 80)}`);
}

function readParts(request: FastifyRequest, limits: FormLimits) {
  const raw = request.raw;
  // No prototype: a field named __proto__ is just a field.
  const fields: Record<string, string | string[]> = Object.create(null);
  const uploads: UploadedFile[] = [];
  return new Promise<{ fields: typeof fields; uploads: UploadedFile[] }>((resolve, reject) => {
    let settled = false;
    let received = 0;
    let openFiles = 0;
    let parsed = false;
    let parser: ReturnType<typeof Busboy>;

    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      raw.off('data', countBytes);
      raw.unpipe(parser);
      raw.pause();
      reject(error);
    };
    const finishIfDone = () => {
      if (settled || !parsed || openFiles > 0) return;
      settled = true;
      raw.off('data', countBytes);
      resolve({ fields, uploads });
    };
    function countBytes(chunk: Buffer) {
      received += chunk.length;
      if (received > limits.maxBytes)
        fail(tooLarge(`body: form data is limited to ${size(limits.maxBytes)}`));
    }

    try {
      parser = Busboy({
        headers: { ...raw.headers, 'content-type': raw.headers['content-type'] ?? '' },
        limits: {
          fields: limits.fields,
          fieldSize: Math.max(limits.fieldSize, ...Object.values(limits.largeFields ?? {})),
          files: limits.files,
          fileSize: limits.fileSize,
        },
      });
    } catch (error) {
      reject(badRequest(`Malformed form data: ${(error as Error).message}`));
      return;
    }

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      const limit = limits.largeFields?.[name] ?? limits.fieldSize;
      if (valueTruncated || Buffer.byteLength(value) > limit)
        return fail(tooLarge(`${name}: at most ${size(limit)}`));
      const previous = fields[name];
      if (previous === undefined) fields[name] = value;
      else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    });
    parser.on('file', (name: string, stream: BusboyFileStream, filename: string) => {
      openFiles++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge(`${name}: each file at most ${size(limits.fileSize)}`)));
      stream.on('end', () => {
        openFiles--;
        const bytes = Buffer.concat(chunks);
        if (bytes.length > 0 && !stream.truncated) uploads.push({ field: name, filename, bytes });
        finishIfDone();
      });
    });
    parser.on('fieldsLimit', () => fail(tooLarge(`body: at most ${limits.fields} form fields`)));
    parser.on('filesLimit', () =>
      fail(
        tooLarge(
          limits.files === 0 ? 'body: this form takes no files' : `body: at most ${limits.files} files`,
        ),
      ),
    );
    parser.on('error', (error: unknown) =>
      fail(badRequest(`Malformed form data: ${(error as Error).message}`)),
    );
    parser.on('finish', () => {
      parsed = true;
      finishIfDone();
    });
    raw.on('aborted', () => fail(badRequest('body: the request was cut off')));
    raw.on('data', countBytes);
    raw.pipe(parser);
  });
}
