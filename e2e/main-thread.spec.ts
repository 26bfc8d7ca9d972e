import { expect, test } from '@playwright/test';
import { mainThreadEvents, readProfile, traceLoad } from '../scripts/bench/load-trace.ts';

// The shell's shared code (one chunk: the api client, React, the query cache, the design system, react-dom's
// client, the router) is the largest piece of work of every page's start. Evaluated whole it was one task of
// 150-210 ms on a phone-speed CPU, which Total Blocking Time counts past 50 ms and during which a tap waits;
// the design system's first and last modules make it three tasks (shared-ui/src/evaluation).
// Structure, not timing: which tasks run the chunk's module code, whatever the machine's speed.

test('the shared code is evaluated in three tasks, the browser free between them', async ({ page }) => {
  const { events, profile } = await traceLoad(page, '/', { samplingIntervalUs: 100 });
  const tasks = mainThreadEvents(events).filter((event) => event.name === 'RunTask');
  const { byId, parentOf, samples } = readProfile(profile);

  /** Whether the sample's stack is in the shared chunk's own module code (its top level, not a function). */
  const inChunkTopLevel = (leaf: number) => {
    for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
      const { url, functionName, lineNumber, columnNumber } = byId.get(id)!.callFrame;
      if (/\/loadShare-eager-[^/]*\.js$/.test(url) && !functionName && lineNumber === 0 && columnNumber === 0)
        return true;
    }
    return false;
  };
  const taskOf = (at: number) => tasks.find((task) => task.ts <= at && at <= task.ts + (task.dur ?? 0));
  const evaluatingTasks = new Set(
    samples.filter(({ leaf }) => inChunkTopLevel(leaf)).map(({ at }) => taskOf(at)),
  );
  evaluatingTasks.delete(undefined);

  expect(evaluatingTasks.size, 'tasks that evaluate the shared chunk').toBe(3);
});
