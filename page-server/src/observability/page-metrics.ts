import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram } from 'prom-client';
import type { PageSource, RenderTimings } from '../http/server-timing.ts';

/** What the page server counts as it answers; with metrics off every call is a no-op. */
export interface PageMetrics {
  /** A page answered: where it came from, the time from the request to the answer, a render's steps. */
  pageAnswered(source: PageSource, totalMs: number, render?: RenderTimings): void;
  /** Where the page cache's size is read when the metrics are asked for. */
  readCacheSize(size: () => { entries: number; bytes: number }): void;
  /** This process's metrics in Prometheus's text format. */
  text(): Promise<string>;
  contentType: string;
}

export const noPageMetrics: PageMetrics = {
  pageAnswered: () => {},
  readCacheSize: () => {},
  text: () => Promise.resolve(''),
  contentType: AggregatorRegistry.PROMETHEUS_CONTENT_TYPE,
};

// From a cache hit (well under a millisecond) to a render at its bound (RENDER_TIMEOUT_MS, 2 s).
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5];

/**
 * Prometheus metrics of one page-server process: pages by where they came from (the cache fresh or stale,
 * a render, the prerendered fallback) with the time to answer, a render's steps (data, render, compress),
 * the page cache's size, and Node's own (CPU, heap, event-loop delay). In a worker of `PAGE_SERVER_WORKERS`
 * they are also answered to the primary, which serves the workers' sum (prom-client's cluster aggregation).
 */
export function createPageMetrics(): PageMetrics {
  const registry = new AggregatorRegistry();
  if (cluster.isWorker) AggregatorRegistry.setRegistries(registry);
  collectDefaultMetrics({ register: registry });

  const answers = new Histogram({
    name: 'shop_page_answer_duration_seconds',
    help: 'Pages answered, from the request to the answer, by source: hit, stale (sent while rendered again), miss (rendered), prerendered (the fallback: the render failed or took too long)',
    labelNames: ['source'],
    buckets: SECONDS,
    registers: [registry],
  });
  const steps = new Histogram({
    name: 'shop_page_render_step_duration_seconds',
    help: "A render's steps: data (the storefront's server entry asking the api), render (the tree and the document), compress (brotli and the ETag)",
    labelNames: ['step'],
    buckets: SECONDS,
    registers: [registry],
  });
  let cacheSize = () => ({ entries: 0, bytes: 0 });
  new Gauge({
    name: 'shop_page_cache_pages',
    help: 'Pages kept in the page cache (summed over the workers: each keeps its own)',
    registers: [registry],
    collect() {
      this.set(cacheSize().entries);
    },
  });
  new Gauge({
    name: 'shop_page_cache_bytes',
    help: 'Bytes of the pages kept, compressed (summed over the workers)',
    registers: [registry],
    collect() {
      this.set(cacheSize().bytes);
    },
  });

  return {
    pageAnswered(source, totalMs, render) {
      answers.observe({ source }, totalMs / 1000);
      if (!render) return;
      steps.observe({ step: 'data' }, render.dataMs / 1000);
      steps.observe({ step: 'render' }, render.renderMs / 1000);
      steps.observe({ step: 'compress' }, render.compressMs / 1000);
    },
    readCacheSize(size) {
      cacheSize = size;
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The workers' metrics summed, as the primary of `PAGE_SERVER_WORKERS` serves them. */
export function workersMetrics(): Pick<PageMetrics, 'text' | 'contentType'> {
  const aggregator = new AggregatorRegistry();
  return { text: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}
