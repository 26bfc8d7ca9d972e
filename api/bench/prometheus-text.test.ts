import { describe, expect, it } from 'vitest';
import { metricSamples, sumOfSamples } from './prometheus-text.ts';

const text = [
  '# HELP nodejs_gc_duration_seconds Garbage collection duration by kind',
  'nodejs_gc_duration_seconds_sum{kind="minor"} 0.25',
  'nodejs_gc_duration_seconds_sum{kind="major"} 1.5e-2',
  'nodejs_gc_duration_seconds_count{kind="minor"} 12',
  'nodejs_eventloop_lag_max_seconds 0.185',
  'nodejs_eventloop_lag_max_seconds_extra 9',
  '',
].join('\n');

describe('samples read from Prometheus text', () => {
  it('gives each sample of the metric by its labels as written, and only that metric', () => {
    expect(metricSamples(text, 'nodejs_gc_duration_seconds_sum')).toEqual(
      new Map([
        ['{kind="minor"}', 0.25],
        ['{kind="major"}', 0.015],
      ]),
    );
    expect(metricSamples(text, 'nodejs_eventloop_lag_max_seconds')).toEqual(new Map([['', 0.185]]));
    expect(metricSamples(text, 'shop_page_cache_pages').size).toBe(0);
  });

  it('adds a metric up over its labels', () => {
    expect(sumOfSamples(metricSamples(text, 'nodejs_gc_duration_seconds_sum'))).toBeCloseTo(0.265);
    expect(sumOfSamples(new Map())).toBe(0);
  });
});
