import type { CDPSession, Page } from '@playwright/test';

// A page load as Chromium's own tools record it: the trace (the main thread's tasks and the browser's steps
// inside them) and a CPU profile (which functions ran), on one clock. Read by `main-thread.ts` for its
// figures and by e2e/main-thread.spec.ts for how the shared code's evaluation is cut into tasks.

export interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Loads `url` in `page`, CPU slowed `cpuSlowdown` times, and records it until `settleMs` after it is idle. */
export async function traceLoad(
  page: Page,
  url: string,
  { cpuSlowdown = 1, settleMs = 0, samplingIntervalUs = 200 } = {},
) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
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
  await cdp.detach();
  return { events, profile };
}

/** The renderer main thread's events. */
export function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`));
}

/** A profile's samples read once: when each was taken, the time it stands for, and its stack's nodes. */
export function readProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  let at = profile.startTime;
  const samples = profile.samples.map((leaf, index) => {
    at += profile.timeDeltas[index] ?? 0;
    return { at, ms: (profile.timeDeltas[index + 1] ?? 0) / 1000, leaf };
  });
  return { byId, parentOf, samples };
}
export type ReadProfile = ReturnType<typeof readProfile>;
