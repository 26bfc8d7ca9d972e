import { vi } from 'vitest';
import { configureApi } from '../client/api-client.ts';

export interface FakeRequest {
  method: string;
  /** Path under the api base, e.g. '/products'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A handler answers with a JSON body (200) or a whole Response; throwing rejects like a network failure. */
export type FakeRoute = (request: FakeRequest) => unknown;

const BASE = 'http://api.test/api/v1';

/**
 * The api for a component test: the real client, schemas and query options, with fetch answered by
 * `routes` (keyed 'GET /products', 'PUT /review', … ; a path may end in '/*'). Unknown calls answer 404.
 * Returns the calls made, for assertions.
 */
export function fakeApi(routes: Record<string, FakeRoute>, token: string | null = 'test-token') {
  const calls: FakeRequest[] = [];
  configureApi({ baseUrl: BASE, getToken: async () => token, onUnauthorized: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const contentType = input.headers.get('content-type') ?? '';
      const body = contentType.includes('application/json')
        ? await input.json()
        : contentType.includes('multipart/form-data')
          ? Object.fromEntries((await input.formData()).entries())
          : undefined;
      const request = {
        method: input.method,
        path: url.pathname.slice('/api/v1'.length),
        query: url.searchParams,
        body,
      };
      calls.push(request);
      const route =
        routes[`${request.method} ${request.path}`] ??
        Object.entries(routes).find(
          ([key]) => key.endsWith('/*') && `${request.method} ${request.path}`.startsWith(key.slice(0, -1)),
        )?.[1];
      if (!route) return Response.json({ success: false, message: 'Not found' }, { status: 404 });
      const answer = await route(request);
      return answer instanceof Response ? answer : Response.json(answer);
    }),
  );
  return calls;
}

/** An api failure as the server sends it. */
export function apiFailure(status: number, message?: string): Response {
  return Response.json({ success: false, ...(message ? { message } : {}) }, { status });
}
