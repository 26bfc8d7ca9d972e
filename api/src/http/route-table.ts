import type { ZodType } from 'zod';
import type { Access, RouteConfig } from './route-kit.ts';
import type { ZodApp } from './types.ts';

/** One row of the route table: every /api/v1 route, who may call it and what it takes. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The zod schemas its input is validated with (tests generate inputs from them). */
  input: { body?: ZodType; querystring?: ZodType; params?: ZodType };
  /** Takes form data besides JSON. */
  form: boolean;
  /** Only the shop's own pages may call it: the refresh cookie authorises it or is set by it. */
  cookie: boolean;
  /** Takes a CSV file of these rows instead of JSON (RouteSpec.csv). */
  csvRow?: ZodType;
}

/**
 * The route table, filled as routes are registered after this call: every /api/v1 route declares who may
 * call it, and admin routes are exactly those under /api/v1/admin, which the admin plugin's one hook
 * guards. A route that breaks either rule stops the api from starting.
 */
export function recordRouteTable(app: Pick<ZodApp, 'addHook'>): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1') || route.method === 'HEAD') return;
    const {
      access,
      cookie: usesCookie = false,
      csvRow,
    } = (route.config as Partial<RouteConfig> | undefined) ?? {};
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    if (!access) throw new Error(`${method} ${route.url} declares no access (use the route kit)`);
    if ((access === 'admin') !== route.url.startsWith('/api/v1/admin/'))
      throw new Error(`${method} ${route.url}: admin routes, and only they, live under /api/v1/admin`);
    const schema = (route.schema ?? {}) as RouteEntry['input'] & { consumes?: string[] };
    routes.push({
      method,
      url: route.url,
      access,
      input: { body: schema.body, querystring: schema.querystring, params: schema.params },
      form: schema.consumes?.includes('multipart/form-data') ?? false,
      cookie: usesCookie,
      ...(csvRow ? { csvRow } : {}),
    });
  });
  return routes;
}
