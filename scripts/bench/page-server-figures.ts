import { frontendApps } from '../lib/apps.ts';
import { buildMissingApps } from '../lib/build-apps.ts';
import { versus } from './figure-format.ts';
import { measurePageServerLoad, PAGE_SERVER_GOALS } from './page-server-load.ts';

/** Issue 22: the page server under load (cached and rendered product pages) and its memory. */
export async function pageServerFigures() {
  await buildMissingApps(frontendApps);
  const load = await measurePageServerLoad();
  const { cached, uncached } = PAGE_SERVER_GOALS;
  console.log(
    `\nThe page server (${load.workers} process${load.workers > 1 ? 'es' : ''}, PAGE_SERVER_WORKERS), ${load.products} products, 50 connections, 10 s (issue 22's goals beside)`,
  );
  console.table({
    'product page from its cache': {
      ...load.cached,
      'req/s': versus(load.cached['req/s'], cached.requestsPerSecond, 'higher'),
      'p99 ms': versus(load.cached['p99 ms'], cached.p99Ms, 'lower'),
    },
    'a different product each request, the first 5 s': load.uncachedCold,
    'a different product each request, warm': {
      ...load.uncached,
      'req/s': versus(load.uncached['req/s'], uncached.requestsPerSecond, 'higher'),
      'p99 ms': versus(load.uncached['p99 ms'], uncached.p99Ms, 'lower'),
    },
    '400 popular pages, a stock change a second': load.whileChanging,
    "the api: those 400 products' answers, the same": load.apiWhileChanging,
  });
  console.log('\nWhere a page rendered in the warm run spent its time in the server (its Server-Timing):');
  console.table(load.uncachedSteps);
  console.log("The page server's event loop over the same run, from its metrics (PAGE_SERVER_METRICS_PORT):");
  console.table({ 'loop delay': load.uncachedLoopDelay });
  console.table({
    memory: {
      ...load.memory,
      'growth MB': versus(load.memory['growth MB'], PAGE_SERVER_GOALS.memoryGrowthMb, 'lower'),
    },
  });
  return load;
}
