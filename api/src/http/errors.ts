/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After (429, 503): when the caller may try again. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    statusCode: number,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.statusCode = statusCode;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

export const NO_TOKEN_MESSAGE = 'Please login to access this resource';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

/** A service the api depends on failed: 502, whatever that service answered (its 401 is not the shopper's). */
export const badGateway = (message: string, cause: unknown) => new HttpError(502, message, { cause });
