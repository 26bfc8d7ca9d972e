import type { FastifyInstance, FastifyRequest } from 'fastify';

/** JSON and uploaded images: nothing in them may load, run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The interactive reference (/api/docs): its own scripts and styles only (Swagger UI sets inline styles). */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Headers on every answer, errors and 404s included: no MIME sniffing, no referrer, no framing, a CSP
 * (the docs plugin sets its own, wider one), and HSTS whenever the browser reached the api over https.
 */
export function registerSecurityHeaders(app: FastifyInstance, isHttps: (request: FastifyRequest) => boolean) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CSP);
    if (isHttps(request)) reply.header('strict-transport-security', `max-age=${ONE_YEAR}; includeSubDomains`);
    return payload;
  });
}
