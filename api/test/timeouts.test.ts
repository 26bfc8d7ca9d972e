import { beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { useTestApp } from './helpers/test-app.ts';

// A client that stops half-way through its headers or its body does not keep a connection: the server
// closes it after HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS (short here; 10 s and 60 s by default).
const t = useTestApp({ config: { headersTimeoutMs: 1000, requestTimeoutMs: 2000 } });
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** Sends `text` and waits for the server to close the connection (or gives up after `patienceMs`). */
function sendAndWaitForClose(text: string, patienceMs = 20_000) {
  return new Promise<{ closedByServer: boolean; answer: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedByServer: false, answer });
    }, patienceMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedByServer: true, answer });
    });
  });
}

describe('connection timeouts', () => {
  it('closes connections whose headers never finish, a hundred at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        sendAndWaitForClose('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1'),
      ),
    );
    expect(results.every((result) => result.closedByServer)).toBe(true);
  });

  it('closes a connection whose body stops half-way, answering 408', async () => {
    const result = await sendAndWaitForClose(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ema',
    );
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a client that sends its request in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(response.status).toBe(200);
  });
});
