import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Small deadlines so the test is quick; production defaults are in server/config.ts. */
const HEADERS_MS = 400;
const REQUEST_MS = 1000;
/** Node checks the deadlines on an interval (a quarter of HEADERS_MS here); allow for it and a busy
 * machine, well below the 30 s idle timeout that would otherwise close these connections. */
const SLACK_MS = 2000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, connectionMs: 30_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

type Outcome = { ms: number; received: string };

/**
 * Opens a raw connection, sends `first`, then drips `drip` every 100 ms forever (a slow client
 * that never finishes), and resolves when the server closes the connection.
 */
function slowClient(first: string, drip: string | null): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      if (first) socket.write(first);
      if (drip !== null) timer = setInterval(() => socket.writable && socket.write(drip), 100);
    });
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; received ${JSON.stringify(received)}`));
    }, 8000);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(guard);
      resolve({ ms: Date.now() - started, received });
    });
  });
}

describe('slow clients', () => {
  it('closes a connection whose headers never finish, within the headers timeout', async () => {
    const { ms, received } = await slowClient('GET /v1/roles HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(ms).toBeLessThan(HEADERS_MS + SLACK_MS);
    // Node answers 408 when it can; a bare close is just as good.
    if (received) expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never sends anything', async () => {
    const { ms } = await slowClient('', null);
    expect(ms).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('closes a request whose body never finishes, within the request timeout', async () => {
    const head = 'POST /v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"';
    const { ms, received } = await slowClient(head, 'a');
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(ms).toBeLessThan(REQUEST_MS + SLACK_MS);
    if (received) expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a client that sends its request in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'test-password-1' }),
    });
    expect(res.status).toBe(200);
  });
});
