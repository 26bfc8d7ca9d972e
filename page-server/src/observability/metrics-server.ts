import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PageMetrics } from './page-metrics.ts';

/**
 * `GET /metrics` on a port of its own, for Prometheus: never on the shop's port, which a CDN and the public
 * reach. Bound to `host` (loopback unless PAGE_SERVER_METRICS_HOST says otherwise); anything else is 404.
 */
export function serveMetrics(
  metrics: Pick<PageMetrics, 'text' | 'contentType'>,
  { port, host, log }: { port: number; host: string; log: (line: string) => void },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'content-type': metrics.contentType }).end(body),
      (error: unknown) => {
        log(`metrics not collected: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
