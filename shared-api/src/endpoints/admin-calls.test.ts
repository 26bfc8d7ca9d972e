// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as sharedApi from '../index.ts';
import * as adminCalls from './admin/index.ts';

// Helpers of the admin's calls that are not calls: never exported by the package, never imported by an app.
const notCalls = new Set(['adminActivityParams', 'orderExportParams']);

let requested: string[];
beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requested.push(`${request.method} ${request.url}`);
      return Response.json({ success: true, user: { _id: 'u1', name: 'Asha' } });
    }),
  );
  sharedApi.configureApi({ baseUrl: 'http://api.test/api/v1' });
});
afterEach(() => vi.unstubAllGlobals());

describe("the admin's calls, loaded with the first of them", () => {
  it('are all exported by the package under their own names, for admin releases old and new', () => {
    const calls = Object.keys(adminCalls).filter((name) => !notCalls.has(name));
    expect(calls.length).toBeGreaterThanOrEqual(17);
    const exported = sharedApi as unknown as Record<string, unknown>;
    for (const name of calls) expect(typeof exported[name], name).toBe('function');
    for (const name of notCalls) expect(exported[name], name).toBeUndefined();
  });

  it('make the call with its arguments and answer what it answers, before and after the load', async () => {
    const first = sharedApi.getUserDetails('u1');
    expect(requested).toEqual([]); // the calls are still loading
    await expect(first).resolves.toEqual({ success: true, user: { _id: 'u1', name: 'Asha' } });
    await sharedApi.loadAdminCalls();
    await sharedApi.getReleaseHealth('storefront');
    expect(requested).toEqual([
      'GET http://api.test/api/v1/admin/user/u1',
      'GET http://api.test/api/v1/releases/health?remote=storefront',
    ]);
  });
});
