/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

export const NO_TOKEN_MESSAGE = 'Please login to access this resource';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

/** A service the api depends on failed: 502, whatever that service answered (its 401 is not the shopper's). */
export const badGateway = (message: string, cause: unknown) => new HttpError(502, message, { cause });
