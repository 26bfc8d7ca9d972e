import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium.ts';

export interface LighthouseFigures {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

const DEBUG_PORT = 9333;

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
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
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
      lcpMs: value('largest-contentful-paint'),
      fcpMs: value('first-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    };
  } finally {
    await browser.close();
  }
}
