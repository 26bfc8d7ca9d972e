import type { FastifyRequest } from 'fastify';

/** localhost, 127.0.0.1 or [::1], with an optional port: the only Host values taken from a request. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/**
 * Where this api is reachable from the browser, for absolute image urls: PUBLIC_API_URL when set
 * (required in production). A developer's machine without it answers for the loopback host the request
 * came to (the demo on localhost, tests on 127.0.0.1), and anything else gets `fallback`: a Host header
 * is the caller's to write, and a shared cache that ignores it would hand a forged one to everyone.
 */
export function requestBaseUrl(request: FastifyRequest, publicApiUrl: string | undefined, fallback: string) {
  if (publicApiUrl) return publicApiUrl;
  return LOOPBACK_HOST.test(request.host) ? `${request.protocol}://${request.host}` : fallback;
}

/** Stored urls of files this api serves start with /uploads/; they leave as absolute urls. */
export const absoluteUrl = (base: string, url: string) => (url.startsWith('/uploads/') ? base + url : url);

/**
 * Whether the browser reached this api over https: the request's own scheme (through a trusted proxy's
 * X-Forwarded-Proto), or PUBLIC_API_URL when it names https.
 */
export function reachedOverHttps(request: FastifyRequest, publicApiUrl: string | undefined) {
  return request.protocol === 'https' || (publicApiUrl?.startsWith('https://') ?? false);
}
