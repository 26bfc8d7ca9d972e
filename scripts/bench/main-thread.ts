import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@shop/release-tool/chromium';
import { mainThreadEvents, readProfile, traceLoad, type ReadProfile, type TraceEvent } from './load-trace.ts';

// `node scripts/bench/main-thread.ts <url> [runs]`: where a page's main thread goes on a phone-speed CPU
// (4x throttled, as Lighthouse's mobile profile), from a CPU profile and a trace of one cold load each run.
// Prints the long tasks after the first paint (what Total Blocking Time counts) and the time inside the
// functions below; with `--tasks`, also what ran inside each long task (the browser's own steps, such as
// Layout or v8.evaluateModule, and the functions with the most samples). Names need an unminified build:
// `VITE_UNMINIFIED=1 node scripts/build.ts --force shell storefront`, then `VITE_UNMINIFIED=1 pnpm start`
// (a start without the variable sees other build inputs and builds both again, minified).
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

async function recordLoad(url: string, settleMs: number) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    return await traceLoad(await context.newPage(), url, { cpuSlowdown: 4, settleMs });
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread's tasks of 50 ms or more from the first contentful paint on. */
function longTasksAfterPaint(onMain: TraceEvent[]): TraceEvent[] {
  const paint = onMain.find((event) => event.name === 'firstContentfulPaint');
  return onMain
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000)
    .filter((event) => !paint || event.ts >= paint.ts);
}

/** One line for a long task: the browser's steps inside it and the functions with the most samples. */
function insideTask(task: TraceEvent, onMain: TraceEvent[], { byId, samples }: ReadProfile): string {
  const end = task.ts + (task.dur ?? 0);
  const steps = new Map<string, number>();
  for (const event of onMain) {
    if (event === task || event.ts < task.ts || event.ts >= end || (event.dur ?? 0) < 3000) continue;
    if (['RunTask', 'ThreadControllerImpl::RunTask'].includes(event.name)) continue;
    steps.set(event.name, (steps.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const self = new Map<string, number>();
  for (const { at, ms, leaf } of samples) {
    if (at < task.ts || at > end) continue;
    const { functionName, url } = byId.get(leaf)!.callFrame;
    const name = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').pop()}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  const top = (entries: Map<string, number>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
  return `${Math.round((task.dur ?? 0) / 1000)} ms: steps ${top(steps, 4)}; functions ${top(self, 5)}`;
}

/** Milliseconds of samples with each watched function on the stack, and the sync work effects caused. */
function timeInFunctions({ byId, parentOf, samples }: ReadProfile) {
  const spent: Record<string, number> = Object.fromEntries(WATCHED.map((name) => [name, 0]));
  let syncAfterEffects = 0;
  for (const { ms, leaf } of samples) {
    const stack = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id))
      stack.add(byId.get(id)!.callFrame.functionName);
    for (const name of WATCHED) if (stack.has(name)) spent[name]! += ms;
    // A store update in an effect (the session restored, say) renders at once, in the effects' task.
    if (stack.has('flushPassiveEffects') && stack.has('flushSyncWorkAcrossRoots_impl'))
      syncAfterEffects += ms;
  }
  return { ...spent, 'sync work after effects': syncAfterEffects };
}

const showTasks = process.argv.includes('--tasks');
const [url, runsArgument = '3'] = process.argv.slice(2).filter((argument) => argument !== '--tasks');
if (!url) {
  console.error('usage: node scripts/bench/main-thread.ts <url> [runs] [--tasks]');
  process.exit(2);
}
const rows = [];
for (let run = 0; run < Number(runsArgument); run++) {
  const { events, profile } = await recordLoad(url, 8000);
  const onMain = mainThreadEvents(events);
  const longTasks = longTasksAfterPaint(onMain);
  const read = readProfile(profile);
  if (showTasks) {
    console.log(`cold load ${run + 1}, long tasks after the first paint:`);
    for (const task of longTasks) console.log(`  ${insideTask(task, onMain, read)}`);
  }
  const tasks = longTasks.map((task) => (task.dur ?? 0) / 1000);
  const round = (ms: number) => Math.round(ms);
  rows.push({
    'long tasks after FCP (ms)': tasks.map(round).join(' '),
    'blocking (ms)': round(tasks.reduce((sum, ms) => sum + ms - 50, 0)),
    ...Object.fromEntries(Object.entries(timeInFunctions(read)).map(([name, ms]) => [name, round(ms)])),
  });
}
console.log(`${url}, 4x CPU, ${rows.length} cold loads (function times need an unminified build)`);
console.table(rows);
