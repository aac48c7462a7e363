import { afterEach, describe, expect, it, vi } from 'vitest';
import { runLiveStream, type LiveStatus } from './live-stream';

const READY = 'event: ready\ndata: {"heartbeat_ms":25000}\n\n';

/** A response whose body is these SSE chunks, then (unless `hold`) its end. */
function sse(chunks: string[], { hold = false } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!hold) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('runLiveStream status (the station says when it is offline)', () => {
  it('says up at ready, down when the stream drops, connecting at the next attempt, up again', async () => {
    const stop = new AbortController();
    const statuses: LiveStatus[] = [];
    const answers = [sse([READY]), sse([READY], { hold: true })];
    vi.stubGlobal('fetch', async () => answers.shift()!);
    await runLiveStream({
      url: '/v1/events',
      authorization: () => 'Bearer t0ken',
      signal: stop.signal,
      onMessage: () => {},
      onStatus: (status) => {
        statuses.push(status);
        if (statuses.length === 4) stop.abort();
      },
      onUnauthorized: () => {},
    });
    expect(statuses).toEqual(['up', 'down', 'connecting', 'up']);
  });
});
