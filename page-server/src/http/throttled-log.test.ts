import { describe, expect, it } from 'vitest';
import { createThrottledLog } from './throttled-log.ts';

const setUp = () => {
  const lines: string[] = [];
  let time = 0;
  const problem = createThrottledLog(
    (line) => lines.push(line),
    () => time,
  );
  return { lines, problem, later: (ms: number) => (time += ms) };
};

describe("the page server's problem log", () => {
  it('says what the visitor got and why, once per 10 s for a repeated failure, then how often it recurred', () => {
    const { lines, problem, later } = setUp();
    const down = new Error('the api answered HTTP 502');
    problem(new URL('https://shop.example/product/1'), down, 'served prerendered');
    for (let n = 0; n < 4; n++)
      problem(new URL('https://shop.example/products?page=2'), down, 'served prerendered');
    expect(lines).toEqual(['/product/1 served prerendered: the api answered HTTP 502']);
    later(10_000);
    problem(new URL('https://shop.example/'), down, 'served prerendered');
    expect(lines[1]).toBe('/ served prerendered: the api answered HTTP 502 (and 4 more since the last line)');
  });

  it('keeps apart the same reason met with another outcome', () => {
    const { lines, problem } = setUp();
    const down = new Error('fetch failed');
    problem(new URL('https://shop.example/product/1'), down, 'served prerendered');
    problem(new URL('https://shop.example/sitemap.xml'), down, 'answered 503');
    expect(lines).toEqual([
      '/product/1 served prerendered: fetch failed',
      '/sitemap.xml answered 503: fetch failed',
    ]);
  });
});
