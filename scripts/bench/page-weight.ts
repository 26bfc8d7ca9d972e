import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';

export interface LoadedFile {
  url: string;
  type: string;
  origin: 'shell' | 'storefront' | 'admin' | 'api' | 'other';
  /** Bytes on the wire as served (the servers send brotli where the browser accepts it). */
  transferred: number;
  /** The response's headers, in bytes. */
  headers: number;
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
  /** The page itself on the wire: what must arrive before anything is drawn. */
  document: { body: number; headers: number } | null;
  files: LoadedFile[];
}

// Federation plumbing, by the names @module-federation/vite gives it: the runtime and remote entries, the
// host init, the share maps and stubs, the manifests.
const FEDERATION_FILE =
  /remoteEntry|hostInit|mf-manifest|localSharedImportMap|pendingShares|loadShare__shared|runtimeInit/;

/** A script's name without federation's long virtual-module prefix ('loadShare @shop/shared-ui'). */
export function scriptName(url: string): string {
  const file = path.basename(new URL(url).pathname);
  const virtual =
    /_virtual_mf___mfe_internal__\w+?__mf_owner__\d+__(loadShare|prebuild)__(.*?)__(?:loadShare|prebuild)__/.exec(
      file,
    );
  if (!virtual)
    return file
      .replace(/^_virtual_mf-(\w+?)___mfe_internal__\w+?__mf_owner__\d+/, '$1')
      .replace(/^_virtual_mf___mfe_internal__\w+?__mf_owner__\d+__/, '')
      .slice(0, 60);
  const name = virtual[2]!
    .replace(/_mf_0_/g, '@')
    .replace(/_mf_1_/g, '/')
    .replace(/_mf_2_/g, '-');
  return `${virtual[1]} ${name}`;
}

/** The same name without its content hash: what stays the same from one build to the next. */
export function stableScriptName(url: string): string {
  return scriptName(url)
    .replace(/-[\w-]{8}\.js$/, '.js')
    .replace(/\.js-[\w-]{8}$/, '');
}

/** Which part of the shop served a URL, by its port. */
export function originFinder(ports: Record<string, number>) {
  return (url: string): LoadedFile['origin'] => {
    const port = Number(new URL(url).port);
    const found = Object.entries(ports).find(([, p]) => p === port)?.[0];
    return (found as LoadedFile['origin']) ?? 'other';
  };
}

/**
 * Every response of one cold load of `url` in `page` (HTTP cache disabled, storage kept, so a signed-in
 * tab stays signed in), until the network is idle.
 */
export async function weighLoad(
  page: Page,
  url: string,
  pagePath: string,
  ports: Record<string, number>,
): Promise<PageWeight> {
  const originOf = originFinder(ports);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending: Promise<LoadedFile | undefined>[] = [];
  const onFinished = (request: Request) => {
    // What travels over the network: a blob: or data: script is made by the page itself (the formats'
    // start-up worker, shared-ui/src/format/warm-up.ts) and downloads nothing.
    if (!/^https?:/.test(request.url())) return;
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
          headers: sizes.responseHeadersSize,
          raw: body.length,
          gzip: body.length ? gzipSync(body, { level: 6 }).length : 0,
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    page.off('requestfinished', onFinished);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
  const files = (await Promise.all(pending)).filter((file): file is LoadedFile => Boolean(file));
  const scripts = files.filter((file) => file.type === 'script');
  const sum = (list: LoadedFile[], key: 'raw' | 'gzip' | 'transferred') =>
    list.reduce((n, f) => n + f[key], 0);
  const federation = files.filter((file) => FEDERATION_FILE.test(file.url));
  const admin = files.filter((file) => file.origin === 'admin');
  const document = files.find((file) => file.type === 'document');
  return {
    path: pagePath,
    requests: files.length,
    scriptRequests: scripts.length,
    js: { raw: sum(scripts, 'raw'), gzip: sum(scripts, 'gzip'), transferred: sum(scripts, 'transferred') },
    federation: { files: federation.length, raw: sum(federation, 'raw'), gzip: sum(federation, 'gzip') },
    adminRemote: { requests: admin.length, bytes: sum(admin, 'raw') },
    document: document ? { body: document.transferred, headers: document.headers } : null,
    files,
  };
}

export interface Account {
  email: string;
  password: string;
}

/**
 * The screens a page is weighed on. Issue 12's goals are Lighthouse's mobile run, which emulates the phone;
 * a page may load less there than on a desktop (the catalog's filters load when shown: on a desktop at
 * once, on a phone when Filters is pressed), so both are measured.
 */
export const SCREENS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1280, height: 720 },
} as const;
export type ScreenName = keyof typeof SCREENS;

/**
 * A first visit to `pagePath` in a fresh browser: a guest's, or with `as` the account's, signed in first
 * in another context whose session (the refresh cookie) is handed over, so the load starts cache-cold.
 */
export async function measurePage(
  shellUrl: string,
  pagePath: string,
  ports: Record<string, number>,
  as?: Account,
  screen: ScreenName = 'phone',
): Promise<PageWeight> {
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
    const page = await (
      await browser.newContext({ viewport: SCREENS[screen], ...(storageState ? { storageState } : {}) })
    ).newPage();
    return await weighLoad(page, new URL(pagePath, shellUrl).href, pagePath, ports);
  } finally {
    await browser.close();
  }
}
