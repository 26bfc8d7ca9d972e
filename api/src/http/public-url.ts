import type { FastifyRequest } from 'fastify';

/**
 * Where this api is reachable from the browser, for absolute image urls: PUBLIC_API_URL when set
 * (behind a proxy or CDN), else the scheme and host the request came to.
 */
export function requestBaseUrl(request: FastifyRequest, publicApiUrl: string | undefined) {
  return publicApiUrl ?? `${request.protocol}://${request.host}`;
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
