import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium.ts';

export interface LoadedFile {
  url: string;
  type: string;
  origin: 'shell' | 'storefront' | 'admin' | 'api' | 'other';
  /** Bytes on the wire as served (the servers send brotli where the browser accepts it). */
  transferred: number;
  raw: number;
  gzip: number;
}

export interface PageWeight {
  path: string;
  requests: number;
  scriptRequests: number;
  js: { raw: number; gzip: number; transferred: number };
  federation: { files: number; raw: number; gzip: number };
  adminRemote: { requests: number; bytes: number };
  files: LoadedFile[];
}

// Federation plumbing, by the names @module-federation/vite gives it: the runtime and remote entries, the
// host init, the share maps and stubs, the manifests.
const FEDERATION_FILE =
  /remoteEntry|hostInit|mf-manifest|localSharedImportMap|pendingShares|loadShare__shared|runtimeInit/;

export interface Account {
  email: string;
  password: string;
}

/**
 * Measures one page load. With `as`, the account signs in first in another browser context whose session
 * (the refresh cookie) is handed over, so the measured load starts with an empty cache like a first visit.
 */
export async function measurePage(
  shellUrl: string,
  pagePath: string,
  ports: Record<string, number>,
  as?: Account,
): Promise<PageWeight> {
  const originOf = (url: string): LoadedFile['origin'] => {
    const port = Number(new URL(url).port);
    const found = Object.entries(ports).find(([, p]) => p === port)?.[0];
    return (found as LoadedFile['origin']) ?? 'other';
  };
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
    if (as) {
      const login = await browser.newPage();
      await login.goto(new URL('/login', shellUrl).href);
      await login.getByLabel('Email', { exact: true }).fill(as.email);
      await login.getByLabel('Password', { exact: true }).fill(as.password);
      await login.getByRole('button', { name: 'Login', exact: true }).click();
      await login.waitForURL(/\/account$/);
      storageState = await login.context().storageState();
      await login.context().close();
    }
    const page = await (await browser.newContext(storageState ? { storageState } : {})).newPage();
    const pending: Promise<LoadedFile | undefined>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return undefined;
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await request.sizes();
          return {
            url: request.url(),
            type: request.resourceType(),
            origin: originOf(request.url()),
            transferred: sizes.responseBodySize,
            raw: body.length,
            gzip: body.length ? gzipSync(body, { level: 6 }).length : 0,
          };
        })(),
      );
    });
    await page.goto(new URL(pagePath, shellUrl).href, { waitUntil: 'networkidle' });
    // A signed-in page waits for the session refresh and the guard before its remote loads.
    if (as) {
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const files = (await Promise.all(pending)).filter((file): file is LoadedFile => Boolean(file));
    const scripts = files.filter((file) => file.type === 'script');
    const sum = (list: LoadedFile[], key: 'raw' | 'gzip' | 'transferred') =>
      list.reduce((n, f) => n + f[key], 0);
    const federation = files.filter((file) => FEDERATION_FILE.test(file.url));
    const admin = files.filter((file) => file.origin === 'admin');
    return {
      path: pagePath,
      requests: files.length,
      scriptRequests: scripts.length,
      js: { raw: sum(scripts, 'raw'), gzip: sum(scripts, 'gzip'), transferred: sum(scripts, 'transferred') },
      federation: { files: federation.length, raw: sum(federation, 'raw'), gzip: sum(federation, 'gzip') },
      adminRemote: { requests: admin.length, bytes: sum(admin, 'raw') },
      files,
    };
  } finally {
    await browser.close();
  }
}
