/**
 * How a page was answered, as the `Server-Timing` header says it (W3C Server Timing): where it came from
 * (`cache;desc=hit`, `stale`, `miss` or `prerendered`) and, for a render, how long each step took in ms:
 * `data` (the storefront's server entry fetching what the page draws, from the api), `render` (the shell
 * rendering the tree, and the document around it), `compress` (brotli, the ETag) and `total` (from the
 * request to the answer, waiting for this process included). Browsers show it beside the request; the
 * bench reads it to say where a slow page's time went.
 */
export type PageSource = 'hit' | 'stale' | 'miss' | 'prerendered';

export interface RenderTimings {
  dataMs: number;
  renderMs: number;
  compressMs: number;
}

const ms = (value: number) => Math.max(0, value).toFixed(1);

export function serverTiming(source: PageSource, totalMs: number, render?: RenderTimings): string {
  const steps = [`cache;desc=${source}`];
  if (render)
    steps.push(
      `data;dur=${ms(render.dataMs)}`,
      `render;dur=${ms(render.renderMs)}`,
      `compress;dur=${ms(render.compressMs)}`,
    );
  steps.push(`total;dur=${ms(totalMs)}`);
  return steps.join(', ');
}

/** A `Server-Timing` header's metrics by name: their duration and description, as far as given. */
export function readServerTiming(header: string): Record<string, { dur?: number; desc?: string }> {
  const metrics: Record<string, { dur?: number; desc?: string }> = {};
  for (const metric of header.split(',')) {
    const [name, ...params] = metric.split(';').map((part) => part.trim());
    if (!name) continue;
    const read: { dur?: number; desc?: string } = {};
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key === 'dur') read.dur = Number(value);
      else if (key === 'desc') read.desc = value.replace(/^"(.*)"$/, '$1');
    }
    metrics[name] = read;
  }
  return metrics;
}
