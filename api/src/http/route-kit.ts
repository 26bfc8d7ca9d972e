import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorResponseSchema } from '@shop/shared-api/schemas';
import type { UserRow } from '../db/schema.ts';
import { NO_TOKEN_MESSAGE, unauthorized } from './errors.ts';
import { acceptCsvBody } from './csv-body.ts';
import { readFormBody, refuseFormBody, type FormLimits } from './form-body.ts';
import { reachedOverHttps, requestBaseUrl } from './public-url.ts';
import { createShopOriginGuard } from './shop-origin.ts';

/** Who may call a route. `admin` routes live in the admin plugin, whose one hook checks the role. */
export type Access = 'public' | 'user' | 'admin';

/** What every route declares: its place in the reference, its input and its successful answers. */
export interface RouteSpec {
  tag: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** Successful answers by status; the error answers are the kit's. */
  response: Record<number, z.ZodType>;
  /** Takes form data (multipart or urlencoded) besides JSON, read within these limits. */
  form?: FormLimits;
  /**
   * Takes a CSV file (text/csv) instead of JSON, left unread for the handler to stream (csvBodyStream)
   * within `maxBytes`; each of its rows is one `row` (what the fuzz test writes rows from). Any other body
   * type is refused unread (415), a declared length over the limit too (413).
   */
  csv?: { maxBytes: number; row: z.ZodType };
  /** Largest JSON or urlencoded body, in bytes (Fastify's default otherwise: 1 MiB). */
  bodyLimit?: number;
  /** Requests per minute per client address. */
  rateLimit?: number;
  /**
   * The refresh cookie authorises or is set by this route: only the shop's own pages may call it
   * (createShopOriginGuard), so another site's form cannot sign a browser in or out.
   */
  cookie?: true;
  /** Error statuses beyond the ones the kit derives (400; 401 and 403 by access; 413 with forms; 429). */
  errors?: readonly ErrorStatus[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;
type ErrorResponses = Record<ErrorStatus, typeof errorResponseSchema>;

/** `config` of every route: what the route table and the rate limiter read. */
export interface RouteConfig {
  access: Access;
  /** Only the shop's own pages may call it (RouteSpec.cookie). */
  cookie?: true;
  rateLimit?: { max: number; timeWindow: string };
  /** The schema of one row of the route's CSV body (RouteSpec.csv). */
  csvRow?: z.ZodType;
}

type RouteHook = (request: FastifyRequest) => Promise<void>;

const FORM_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];
const bearer = [{ bearerAuth: [] }];

/**
 * One place for what every route repeats: OpenAPI tag, bearer security and error answers, the signed-in
 * guard, form-data reading, rate limits, and the base url of absolute image urls. A route file writes
 * `app.get(url, kit.user({ ... }), handler)`; the options keep the zod schemas' types for the handler.
 */
export interface RouteKitOptions {
  requireUser: RouteHook;
  publicApiUrl: string | undefined;
  /** The base of absolute image urls for a request to a host that is not loopback (no PUBLIC_API_URL). */
  fallbackBaseUrl: string;
  /** The origins whose pages may call the cookie routes: the shop's, and the api's own reference page. */
  shopUrls: readonly string[];
}

export function createRouteKit(options: RouteKitOptions) {
  const requireShopOrigin = createShopOriginGuard(options.shopUrls);
  function build<S extends RouteSpec>(access: Access, spec: S) {
    const statuses = new Set<ErrorStatus>([400, ...(spec.errors ?? [])]);
    if (access !== 'public') statuses.add(401);
    if (access === 'admin' || spec.cookie) statuses.add(403);
    if ((spec.body && !spec.form) || spec.csv) statuses.add(415);
    if (spec.form || spec.csv) statuses.add(413);
    if (spec.rateLimit) statuses.add(429);
    const errors = Object.fromEntries([...statuses].map((status) => [status, errorResponseSchema]));
    const config: RouteConfig = {
      access,
      ...(spec.cookie ? { cookie: true as const } : {}),
      ...(spec.rateLimit ? { rateLimit: { max: spec.rateLimit, timeWindow: '1 minute' } } : {}),
      ...(spec.csv ? { csvRow: spec.csv.row } : {}),
    };
    const schema = {
      tags: [spec.tag],
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(access === 'public' ? {} : { security: bearer }),
      ...(spec.form ? { consumes: FORM_TYPES } : spec.csv ? { consumes: ['text/csv'] } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { ...errors, ...spec.response },
    };
    const onRequest = [
      ...(spec.cookie ? [requireShopOrigin] : []),
      ...(access === 'user' ? [options.requireUser] : []),
    ];
    return {
      ...(onRequest.length ? { onRequest } : {}),
      preValidation: spec.form
        ? readFormBody(spec.form)
        : spec.csv
          ? acceptCsvBody(spec.csv.maxBytes)
          : refuseFormBody,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      config,
      // Typed with the route's own schemas, so the handler's request and answer types follow them.
      schema: schema as {
        tags: string[];
        summary: string;
        body: S['body'];
        querystring: S['querystring'];
        params: S['params'];
        response: ErrorResponses & S['response'];
      },
    };
  }

  return {
    public: <S extends RouteSpec>(spec: S) => build('public', spec),
    user: <S extends RouteSpec>(spec: S) => build('user', spec),
    admin: <S extends RouteSpec>(spec: S) => build('admin', spec),
    /** Where this api is reachable from the browser: the base of absolute image urls. */
    baseUrlOf: (request: FastifyRequest) =>
      requestBaseUrl(request, options.publicApiUrl, options.fallbackBaseUrl),
    /** Whether the browser reached this api over https (Secure cookies, HSTS). */
    isHttps: (request: FastifyRequest) => reachedOverHttps(request, options.publicApiUrl),
  };
}
export type RouteKit = ReturnType<typeof createRouteKit>;

/** The signed-in user of a `user` or `admin` route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(NO_TOKEN_MESSAGE);
  return request.user;
}
