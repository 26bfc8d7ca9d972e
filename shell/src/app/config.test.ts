import { testRuntimeConfig } from '@shop/shared-contract/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './config.ts';

const validConfig = testRuntimeConfig;

function serveConfig(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__shopConfig;
  document.getElementById('shop-config')?.remove();
});

describe('loadRuntimeConfig', () => {
  it('reads the deploy-time config.json', async () => {
    serveConfig(validConfig);
    await expect(loadRuntimeConfig()).resolves.toEqual(validConfig);
    expect(fetch).toHaveBeenCalledWith('/config.json');
  });

  it("reuses the config that index.html's boot script already fetched", async () => {
    serveConfig({});
    window.__shopConfig = Promise.resolve(validConfig);
    await expect(loadRuntimeConfig()).resolves.toEqual(validConfig);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a fetched config.json that breaks the contract, naming the field', async () => {
    serveConfig({ ...validConfig, remotes: { storefront: 'not a url', admin: validConfig.remotes.admin } });
    await expect(loadRuntimeConfig()).rejects.toThrow(/config\.json is invalid.*remotes\.storefront/s);
  });

  it('takes the config the deploy step wrote into the page, which it checked when writing it', async () => {
    const inlined = document.createElement('script');
    inlined.type = 'application/json';
    inlined.id = 'shop-config';
    document.head.append(inlined);
    window.__shopConfig = Promise.resolve(validConfig);
    await expect(loadRuntimeConfig()).resolves.toBe(await window.__shopConfig);
  });

  it('reports a missing config.json by its status', async () => {
    serveConfig({}, 404);
    await expect(loadRuntimeConfig()).rejects.toThrow('config.json answered 404');
  });
});
