import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';

export interface LighthouseFigures {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

export const DEBUG_PORT = 9333;

type LighthouseResult = Awaited<ReturnType<typeof lighthouse>>;
type PuppeteerPage = Parameters<typeof lighthouse>[3];

function figures(url: string, result: LighthouseResult): LighthouseFigures {
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.message}`);
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => Math.round(audits[key]?.numericValue ?? 0);
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's default mobile run (simulated throttling), in the same Chromium the tests use. */
export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const options = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...options,
    args: [...(options.args ?? []), `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const result = await lighthouse(url, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    return figures(url, result);
  } finally {
    await browser.close();
  }
}

/** Lighthouse's own Puppeteer (a dependency of lighthouse, not of the shop). */
async function puppeteer(): Promise<{
  connect(options: { browserURL: string }): Promise<{
    pages(): Promise<(PuppeteerPage & { url(): string })[]>;
    disconnect(): Promise<void>;
  }>;
}> {
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
  const module = (await import(pathToFileURL(fromLighthouse.resolve('puppeteer-core')).href)) as {
    default: Awaited<ReturnType<typeof puppeteer>>;
  };
  return module.default;
}

/**
 * The same run in a tab that is already signed in and holds its state (session storage, a cart): the
 * browser (started with `--remote-debugging-port=DEBUG_PORT`) keeps cookies and storage between runs; the
 * HTTP cache is still cleared before each run, so every run loads the page's code cold.
 */
export async function runLighthouseInTab(url: string, tabUrlPrefix: string): Promise<LighthouseFigures> {
  const browser = await (await puppeteer()).connect({ browserURL: `http://127.0.0.1:${DEBUG_PORT}` });
  try {
    const tab = (await browser.pages()).find((candidate) => candidate.url().startsWith(tabUrlPrefix));
    if (!tab) throw new Error(`no tab open on ${tabUrlPrefix}`);
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // Cache and service workers go; cookies, local storage and the tab's session storage stay.
        clearStorageTypes: ['cache_storage', 'service_workers'],
      },
      undefined,
      tab,
    );
    return figures(url, result);
  } finally {
    await browser.disconnect();
  }
}
