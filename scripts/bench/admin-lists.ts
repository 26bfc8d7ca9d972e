import { chromium, type Page, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';

/** How long one admin list takes, in the browser, at the shop's current size (issue 10, point 8). */
export interface ListTiming {
  list: string;
  /** From the menu click until the first row of the table is on screen (answer, parse, render). */
  openMs: number;
  /** From typing the search text until the table shows only matches. */
  searchMs: number;
  /** From clicking Next until page 2's rows are on screen. */
  pageMs: number;
  /** The longest main-thread task seen while opening (a 'visible stall' above ~100 ms). */
  longestTaskMs: number;
  /** Bytes of the api answer(s) the screen asked for while opening. */
  answerBytes: number;
  rows: string;
}

const LISTS = [
  { list: 'orders', menu: 'Orders', table: 'Orders', search: 'Search by order id', text: 'ab' },
  { list: 'users', menu: 'Users', table: 'Users', search: 'Search by name, email or id', text: 'meera' },
  {
    list: 'products',
    menu: 'Products',
    table: 'Products',
    search: 'Search products by name or id',
    text: 'trail',
  },
] as const;

async function signIn(page: Page, shellUrl: string, email: string, password: string) {
  await page.goto(new URL('/login', shellUrl).href);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/account$/);
}

/** Starts recording long tasks in the page; `read()` gives the longest since the start, then resets. */
async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      const longest = w.__longest;
      w.__longest = 0;
      return Math.round(longest);
    });
}

const firstRowText = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row').nth(1).innerText();

/**
 * Signs in as the admin and, for each list, opens it from the Reviews page (nothing cached), searches and
 * goes to page 2, timing each step in the browser. Each step is timed three times; the median is kept.
 */
export async function measureAdminLists(
  shellUrl: string,
  admin = { email: 'admin@example.com', password: 'Admin12345' },
  runs = 3,
): Promise<ListTiming[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, shellUrl, admin.email, admin.password);
    const results: ListTiming[] = [];
    for (const spec of LISTS) {
      const open: number[] = [];
      const search: number[] = [];
      const paging: number[] = [];
      const stalls: number[] = [];
      let answerBytes = 0;
      let rows = '';
      for (let run = 0; run < runs; run++) {
        // A fresh page each run: the shared query cache starts empty, as on a first visit.
        await page.goto(new URL('/admin/reviews', shellUrl).href);
        await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
        const readLongest = await watchLongTasks(page);
        let bytes = 0;
        const onResponse = async (response: Response) => {
          if (!new URL(response.url()).pathname.includes(`/admin/${spec.list}`)) return;
          bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
        };
        page.on('response', onResponse);
        let started = Date.now();
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: spec.menu }).click();
        await page.getByRole('table', { name: spec.table }).getByRole('row').nth(1).waitFor();
        open.push(Date.now() - started);
        await page.waitForLoadState('networkidle');
        page.off('response', onResponse);
        answerBytes = bytes;
        stalls.push(await readLongest());
        rows =
          (await page
            .getByText(/^\d+ (orders|users|products)$/)
            .innerText()
            .catch(() => '')) || rows;

        const before = await firstRowText(page, spec.table);
        started = Date.now();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForFunction(
          ([table, text]) => {
            const row = document.querySelector(`table[aria-label="${table}"] tbody tr`);
            return row instanceof HTMLElement && row.innerText !== text;
          },
          [spec.table, before] as const,
        );
        paging.push(Date.now() - started);

        const box = page.getByLabel(spec.search);
        started = Date.now();
        await box.fill(spec.text);
        await page.waitForFunction(
          ([table, text]) => {
            const cells = document.querySelectorAll(`table[aria-label="${table}"] tbody tr`);
            const empty = document.body.innerText.includes('match');
            return (
              empty ||
              (cells.length > 0 &&
                Array.from(cells).every((row) => (row as HTMLElement).innerText.toLowerCase().includes(text)))
            );
          },
          [spec.table, spec.text] as const,
        );
        search.push(Date.now() - started);
        stalls.push(await readLongest());
      }
      results.push({
        list: spec.list,
        openMs: median(open),
        searchMs: median(search),
        pageMs: median(paging),
        longestTaskMs: Math.max(...stalls),
        answerBytes,
        rows,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

// `node scripts/bench/admin-lists.ts http://localhost:4300`: figures against a shop that is already running.
if (process.argv[1]?.endsWith('admin-lists.ts') && process.argv[2]) {
  console.table(await measureAdminLists(process.argv[2]));
}
