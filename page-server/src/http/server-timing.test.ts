import { describe, expect, it } from 'vitest';
import { readServerTiming, serverTiming } from './server-timing.ts';

describe('Server-Timing', () => {
  it("names a render's steps and their milliseconds, one decimal", () => {
    expect(serverTiming('miss', 47.26, { dataMs: 40.04, renderMs: 1.33, compressMs: 0.4 })).toBe(
      'cache;desc=miss, data;dur=40.0, render;dur=1.3, compress;dur=0.4, total;dur=47.3',
    );
  });

  it('says only where a page from the cache or the prerendered fallback came from, and the total', () => {
    expect(serverTiming('hit', 0.21)).toBe('cache;desc=hit, total;dur=0.2');
    expect(serverTiming('prerendered', 812)).toBe('cache;desc=prerendered, total;dur=812.0');
  });

  it('reads back what it writes, and a header written by others (quoted descriptions, spaces)', () => {
    expect(readServerTiming(serverTiming('miss', 5, { dataMs: 3, renderMs: 1, compressMs: 0.5 }))).toEqual({
      cache: { desc: 'miss' },
      data: { dur: 3 },
      render: { dur: 1 },
      compress: { dur: 0.5 },
      total: { dur: 5 },
    });
    expect(readServerTiming('db;dur=53, app;dur=47.2;desc="the app" ,')).toEqual({
      db: { dur: 53 },
      app: { dur: 47.2, desc: 'the app' },
    });
  });
});
