import { chromium, type CDPSession } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium.ts';

// `node scripts/bench/main-thread.ts <url> [runs]`: where a page's main thread goes on a phone-speed CPU
// (4x throttled, as Lighthouse's mobile profile), from a CPU profile and a trace of one cold load each run.
// Prints the long tasks after the first paint (what Total Blocking Time counts) and the time inside the
// functions below, which have names only in an unminified build:
// `VITE_UNMINIFIED=1 node scripts/build.ts --force shell storefront`, then start the shop from it.
// docs/performance.md, "The session's arrival after hydration", is what it was written for.

/** Functions whose inclusive time is worth a column: React's phases, the theme, the first Intl use. */
const WATCHED = [
  'createSystem',
  'renderRootConcurrent',
  'renderRootSync',
  'commitRoot',
  'flushPassiveEffects',
  'formatRupees',
  'formatLongDate',
] as const;

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

async function recordLoad(url: string, settleMs: number) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(settleMs);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.send('Tracing.end');
    await complete;
    return { events, profile };
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread's tasks of 50 ms or more from the first contentful paint on. */
function longTasksAfterPaint(events: TraceEvent[]): number[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`));
  const paint = onMain.find((event) => event.name === 'firstContentfulPaint');
  return onMain
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000)
    .filter((event) => !paint || event.ts >= paint.ts)
    .map((event) => (event.dur ?? 0) / 1000);
}

/** Milliseconds of samples with each watched function on the stack, and the sync work effects caused. */
function timeInFunctions(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const spent: Record<string, number> = Object.fromEntries(WATCHED.map((name) => [name, 0]));
  let syncAfterEffects = 0;
  profile.samples.forEach((leaf, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const stack = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id))
      stack.add(byId.get(id)!.callFrame.functionName);
    for (const name of WATCHED) if (stack.has(name)) spent[name]! += ms;
    // A store update in an effect (the session restored, say) renders at once, in the effects' task.
    if (stack.has('flushPassiveEffects') && stack.has('flushSyncWorkAcrossRoots_impl'))
      syncAfterEffects += ms;
  });
  return { ...spent, 'sync work after effects': syncAfterEffects };
}

const [url, runsArgument = '3'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/bench/main-thread.ts <url> [runs]');
  process.exit(2);
}
const rows = [];
for (let run = 0; run < Number(runsArgument); run++) {
  const { events, profile } = await recordLoad(url, 8000);
  const tasks = longTasksAfterPaint(events);
  const round = (ms: number) => Math.round(ms);
  rows.push({
    'long tasks after FCP (ms)': tasks.map(round).join(' '),
    'blocking (ms)': round(tasks.reduce((sum, ms) => sum + ms - 50, 0)),
    ...Object.fromEntries(Object.entries(timeInFunctions(profile)).map(([name, ms]) => [name, round(ms)])),
  });
}
console.log(`${url}, 4x CPU, ${rows.length} cold loads (function times need an unminified build)`);
console.table(rows);
