import { afterEach, describe, expect, it } from 'vitest';
import { serveMetrics } from './metrics-server.ts';

describe('the metrics port', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  async function serve(text: () => Promise<string>, logs: string[] = []) {
    const served = await serveMetrics(
      { text, contentType: 'text/plain; version=0.0.4; charset=utf-8' },
      { port: 0, host: '127.0.0.1', log: (line) => logs.push(line) },
    );
    closing.push(served.close);
    return `http://127.0.0.1:${served.port}`;
  }

  it('answers GET /metrics with the text and its content type', async () => {
    const url = await serve(() => Promise.resolve('shop_page_cache_pages 3\n'));
    const answer = await fetch(`${url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await answer.text()).toBe('shop_page_cache_pages 3\n');
  });

  it('answers 404 to any other address or method', async () => {
    const url = await serve(() => Promise.resolve('x 1\n'));
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics/more`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 500 and says why when the metrics cannot be collected', async () => {
    const logs: string[] = [];
    const url = await serve(() => Promise.reject(new Error('Operation timed out.')), logs);
    expect((await fetch(`${url}/metrics`)).status).toBe(500);
    expect(logs).toEqual(['metrics not collected: Operation timed out.']);
  });
});
