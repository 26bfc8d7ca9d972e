import { describe, expect, it } from 'vitest';
import { createPageMetrics, noPageMetrics } from './page-metrics.ts';

/** A sample's value from Prometheus's text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the page server metrics', () => {
  it('counts pages by where they came from, with the time to answer', async () => {
    const metrics = createPageMetrics();
    metrics.pageAnswered('hit', 0.8);
    metrics.pageAnswered('hit', 1.2);
    metrics.pageAnswered('prerendered', 2_100);
    const text = await metrics.text();
    expect(sample(text, 'shop_page_answer_duration_seconds_count{source="hit"}')).toBe(2);
    expect(sample(text, 'shop_page_answer_duration_seconds_bucket{le="0.001",source="hit"}')).toBe(1);
    expect(sample(text, 'shop_page_answer_duration_seconds_sum{source="hit"}')).toBeCloseTo(0.002);
    expect(sample(text, 'shop_page_answer_duration_seconds_count{source="prerendered"}')).toBe(1);
    expect(sample(text, 'shop_page_answer_duration_seconds_bucket{le="2.5",source="prerendered"}')).toBe(1);
    expect(sample(text, 'shop_page_answer_duration_seconds_bucket{le="1",source="prerendered"}')).toBe(0);
    expect(sample(text, 'shop_page_answer_duration_seconds_count{source="miss"}')).toBeUndefined();
  });

  it("times a render's steps, and only a render's", async () => {
    const metrics = createPageMetrics();
    metrics.pageAnswered('miss', 48, { dataMs: 40, renderMs: 6, compressMs: 0.5 });
    metrics.pageAnswered('stale', 1);
    const text = await metrics.text();
    expect(sample(text, 'shop_page_render_step_duration_seconds_count{step="data"}')).toBe(1);
    expect(sample(text, 'shop_page_render_step_duration_seconds_sum{step="data"}')).toBeCloseTo(0.04);
    expect(sample(text, 'shop_page_render_step_duration_seconds_sum{step="render"}')).toBeCloseTo(0.006);
    expect(sample(text, 'shop_page_render_step_duration_seconds_sum{step="compress"}')).toBeCloseTo(0.0005);
  });

  it("reads the page cache's size when asked, not when told where", async () => {
    const metrics = createPageMetrics();
    let size = { entries: 1, bytes: 12_000 };
    metrics.readCacheSize(() => size);
    size = { entries: 3, bytes: 40_500 };
    const text = await metrics.text();
    expect(sample(text, 'shop_page_cache_pages')).toBe(3);
    expect(sample(text, 'shop_page_cache_bytes')).toBe(40_500);
    // Node's own, for the event loop and the heap.
    expect(sample(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('collects nothing when off', async () => {
    noPageMetrics.pageAnswered('miss', 10, { dataMs: 5, renderMs: 4, compressMs: 1 });
    expect(await noPageMetrics.text()).toBe('');
  });
});
