import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

export const FOREIGN_ORIGIN_MESSAGE =
  "This request came from another site's page: sign in from the shop itself";

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The guard of routes a browser's cookie authorises (sign-in, refresh, sign-out): a form or script on
 * another site can make the browser send them, cookie and all, and CORS does not stop a form. Browsers say
 * where a request comes from: `Origin` on every POST, and `Sec-Fetch-Site` where an old one leaves Origin
 * out. A request from a page that is not the shop's is refused before it sets or clears anything.
 * Callers that are not browsers (no Origin, no Sec-Fetch-Site) carry no ambient cookie to abuse.
 */
export function createShopOriginGuard(shopUrls: readonly string[]) {
  const shopOrigins = new Set(shopUrls.map(originOf).filter((origin): origin is string => origin !== null));
  return async function requireShopOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!shopOrigins.has(origin)) throw forbidden(FOREIGN_ORIGIN_MESSAGE);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(FOREIGN_ORIGIN_MESSAGE);
  };
}
