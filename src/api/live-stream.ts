import type { LiveReportEvent } from '../../contract/live';
import { sseParser } from '../lib/sse';

/** What the stream tells the app: a report stored, or "you may have missed some: refetch". */
export type LiveMessage = { event: 'report'; data: LiveReportEvent } | { event: 'notifications' } | { event: 'resync' };

export type LiveStreamOptions = {
  url: string;
  /** The login's `Authorization` header, read at each connect; null ends the stream. */
  authorization: () => string | null;
  signal: AbortSignal;
  onMessage: (message: LiveMessage) => void;
  /** The server refused the login (401): the session is over. */
  onUnauthorized: () => void;
  /** Whether the first connection should resync too (a tab taking over from another). */
  resyncFirst?: boolean;
  /**
   * The stream's health, for a screen that says so (the station): `up` at each `ready`, `down`
   * when a stream ended with none to take over, `connecting` when the next attempt starts.
   */
  onStatus?: (status: LiveStatus) => void;
};

export type LiveStatus = 'up' | 'down' | 'connecting';

/** A stream shorter than this ended for a reason worth backing off from. */
const HEALTHY_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/** Exponential, with jitter so the browsers of a restarted server do not return all at once. */
export const backoffMs = (failures: number, random = Math.random) => {
  const ceiling = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** failures);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

type Connection = {
  /** Resolves when the stream is over: when it was ready (0: never), and whether it was refused. */
  done: Promise<{ readyAt: number; unauthorized: boolean }>;
  stop(): void;
  /** The connection that took over from this one at the server's `bye`, if any. */
  successor?: Connection;
};

/**
 * Holds `GET /v1/events` open until `signal` aborts: fetch with the login's header, frames parsed
 * as they arrive. The server ends each stream after a few minutes, saying `bye` first and
 * keeping it open a little longer: a second stream opens meanwhile and the first is dropped once
 * the second is `ready`, so no event falls between them. A failed network reconnects with backoff,
 * and that reconnection resyncs, since events sent in between are gone. Silence past two
 * heartbeats means a dead connection.
 */
export async function runLiveStream(options: LiveStreamOptions): Promise<void> {
  const { signal } = options;
  let failures = 0;
  let connection: Connection | null = connect(options, () => options.resyncFirst ?? false);
  while (connection && !signal.aborted) {
    const { readyAt, unauthorized } = await connection.done;
    if (unauthorized) return options.onUnauthorized();
    if (signal.aborted) return;
    if (connection.successor) {
      connection = connection.successor; // handed over at `bye`: no gap, no resync
      continue;
    }
    options.onStatus?.('down');
    failures = readyAt > 0 && Date.now() - readyAt >= HEALTHY_MS ? 0 : failures + 1;
    await sleep(backoffMs(failures - 1), signal);
    if (signal.aborted) return;
    options.onStatus?.('connecting');
    connection = connect(options, () => true);
  }
}

/**
 * One stream: connects and reads until it ends or is stopped; null when there is no login.
 * `resync` is asked at `ready`; `onReady` lets a successor drop the stream it replaces.
 */
function connect(options: LiveStreamOptions, resync: () => boolean, onReady?: () => void): Connection | null {
  const authorization = options.authorization();
  if (!authorization) return null;
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  let over = false;
  const connection: Connection = { stop, done: Promise.resolve({ readyAt: 0, unauthorized: false }) };

  connection.done = (async () => {
    let readyAt = 0;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let silenceMs = 60_000;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(stop, silenceMs);
    };
    try {
      const response = await fetch(options.url, {
        headers: { Authorization: authorization, Accept: 'text/event-stream' },
        signal: attempt.signal,
        cache: 'no-store',
      });
      if (response.status === 401) return { readyAt, unauthorized: true };
      if (!response.ok || !response.body) return { readyAt, unauthorized: false }; // a 429 or 5xx: back off
      heard();
      const push = sseParser(({ event, data }) => {
        if (event === 'ready') {
          readyAt = Date.now();
          silenceMs = 2 * (JSON.parse(data) as { heartbeat_ms: number }).heartbeat_ms + 5_000;
          options.onStatus?.('up');
          if (resync()) options.onMessage({ event: 'resync' });
          onReady?.();
        } else if (event === 'report') {
          options.onMessage({ event, data: JSON.parse(data) as LiveReportEvent });
        } else if (event === 'resync' || event === 'notifications') {
          options.onMessage({ event });
        } else if (event === 'bye' && !connection.successor && !options.signal.aborted) {
          // The successor resyncs only if this stream was gone before it was ready (a gap).
          connection.successor = connect(options, () => over, stop) ?? undefined;
        }
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // Aborting the fetch ends its body in browsers; cancelling too makes sure the read returns.
      attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        push(value);
      }
    } catch {
      // A network failure, a dead connection (the watchdog) or a stop: the caller decides.
    } finally {
      over = true;
      clearTimeout(watchdog);
      options.signal.removeEventListener('abort', stop);
    }
    return { readyAt, unauthorized: false };
  })();
  return connection;
}
