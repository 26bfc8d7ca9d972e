import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { isFieldError } from './validation.ts';
import { HttpError } from './errors.ts';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors.ts';

const LINGER_MS = 2000;

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
/** Seconds a client is told to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * A body refused for its size or type is not read any further: the answer goes out and the connection
 * closes. It lingers half-closed for a moment first, unread, so the client reads the answer instead of a
 * reset (closing at once with unread bytes would reset the connection).
 */
function closeWithoutReading(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  const socket = request.raw.socket;
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * Every failure leaves as `{ success: false, message }`. Validation errors name the field; anything
 * unexpected is logged and answered 500 without internals.
 */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, message: string) => {
      if (status === 413 || status === 415) closeWithoutReading(request, reply);
      return reply.status(status).send({ success: false, message });
    };
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500 && error.statusCode !== 503)
        request.log.error({ err: error.cause ?? error }, error.message);
      return send(error.statusCode, error.message);
    }
    // Validation failures arrive worded by the validator (http/validation.ts): the first names its field.
    const [first] = (error as FastifyError).validation ?? [];
    if (isFieldError(first)) return send(400, first.message);
    if (isResponseSerializationError(error as never) && 'cause' in error) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ success: false, message: 'Internal Server Error' });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ success: false, message: 'Invalid request: text contains characters that cannot be stored' });
    }
    if (isDatabaseUnavailable(error)) {
      // Logged once per request at warn: the database being down is an outage, not a bug in the api.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(503).send({ success: false, message: UNAVAILABLE_MESSAGE });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ success: false, message: 'Internal Server Error' });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported type, rate limit) keep their status.
    return send(status, error.message || 'Bad Request');
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ success: false, message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

/**
 * Errors the router answers before any route runs (a path parameter over maxParamLength, a URL that does
 * not decode): the same `{ success: false, message }`, and never the address echoed back.
 */
export const frameworkErrorHandler = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'path: a path parameter is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'path: the address is not a valid URL'
        : 'Bad Request';
  return reply.code(error.statusCode ?? 400).send({ success: false, message });
};
