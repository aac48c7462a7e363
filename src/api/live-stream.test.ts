import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, runLiveStream, type LiveMessage } from './live-stream';

/** A response whose body is these SSE chunks, then (unless `hold`) its end. */
function sse(chunks: string[], { hold = false } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!hold) controller.close();
    },
    cancel() {
      cancelled.push(chunks);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const READY = 'event: ready\ndata: {"heartbeat_ms":25000}\n\n';
const REPORT = 'event: report\ndata: {"company_id":1,"project_id":2,"production_batch_id":3,"device_id":4,"report_id":5,"enclosure_id":6}\n\n';

const BYE = 'event: bye\ndata: {}\n\n';
let cancelled: string[][] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  cancelled = [];
});

describe('runLiveStream', () => {
  it('sends the login header, passes reports on, and resyncs after reconnecting', async () => {
    const stop = new AbortController();
    const messages: LiveMessage[] = [];
    const calls: RequestInit[] = [];
    const answers = [sse([READY, REPORT]), sse([READY, REPORT], { hold: true })];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      return answers.shift()!;
    });
    const done = runLiveStream({
      url: '/v1/events',
      authorization: () => 'Bearer t0ken',
      signal: stop.signal,
      onMessage: (m) => {
        messages.push(m);
        if (messages.length === 3) stop.abort();
      },
      onUnauthorized: () => {},
    });
    await done;
    expect((calls[0].headers as Record<string, string>).Authorization).toBe('Bearer t0ken');
    const report = { event: 'report', data: { company_id: 1, project_id: 2, production_batch_id: 3, device_id: 4, report_id: 5, enclosure_id: 6 } };
    // The first stream ended early (a failure): backed off, reconnected, and said to resync.
    expect(messages).toEqual([report, { event: 'resync' }, report]);
    expect(calls).toHaveLength(2);
  });

  it("opens the next stream at the server's bye and drops the old one once it is ready: no resync", async () => {
    const stop = new AbortController();
    const messages: LiveMessage[] = [];
    const first = [READY, REPORT, BYE];
    const answers = [sse(first, { hold: true }), sse([READY, REPORT], { hold: true })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const done = runLiveStream({
      url: '/v1/events',
      authorization: () => 'Bearer t0ken',
      signal: stop.signal,
      onMessage: (m) => {
        messages.push(m);
        if (messages.length === 2) setTimeout(() => stop.abort(), 10);
      },
      onUnauthorized: () => {},
    });
    await done;
    const report = { event: 'report', data: { company_id: 1, project_id: 2, production_batch_id: 3, device_id: 4, report_id: 5, enclosure_id: 6 } };
    expect(messages).toEqual([report, report]);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The first stream was dropped when the second was ready, before the test stopped both.
    expect(cancelled[0]).toBe(first);
  });

  it('stops and reports a refused login (401) without retrying', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn(async () => new Response('{"message":"Not logged in."}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    await runLiveStream({
      url: '/v1/events',
      authorization: () => 'Bearer old',
      signal: new AbortController().signal,
      onMessage: () => {},
      onUnauthorized,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('does not connect without a stored login', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await runLiveStream({ url: '/v1/events', authorization: () => null, signal: new AbortController().signal, onMessage: () => {}, onUnauthorized: () => {} });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('backoffMs', () => {
  it('doubles from about a second up to 30 s, jittered within the upper half', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, () => 0))).toEqual([500, 1_000, 2_000, 4_000, 15_000]);
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
  });
});
