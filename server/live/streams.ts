import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { LiveReportEvent } from '../../contract/live';
import { sees } from '../../contract/permissions';
import type { Caller } from '../auth/authenticate';
import { HttpError } from '../http/errors';
import type { LiveFeed, LiveMessage } from './feed';

export type LiveLimits = {
  /** A comment line this often keeps proxies (idle timeouts of 60 s are common) and the socket open. */
  heartbeatMs: number;
  /**
   * A stream ends after this long: the login is checked again when the app reconnects (a revoked
   * token stops hearing), and long-lived streams spread over replicas added since. It says `bye`
   * and stays open HANDOFF_MS more, so the app's next stream is ready before this one ends.
   */
  maxStreamMs: number;
  /**
   * Open streams of one login (one browser) on this replica. The app keeps one per browser
   * (one tab holds it for all); more are a runaway script or an old browser's many tabs.
   */
  maxStreamsPerLogin: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  heartbeatMs: 25_000,
  maxStreamMs: 5 * 60_000,
  maxStreamsPerLogin: 4,
};

/** A client that reads nothing (a frozen laptop) is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** How long a stream stays open after its `bye` (at most its lifetime: tests use short ones). */
const HANDOFF_MS = 10_000;

/** The app waits this long before reconnecting after a drop it did not choose (SSE `retry:`). */
const RETRY_MS = 2_000;

const frame = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const HEARTBEAT = ': ping\n\n';

/** What a caller hears: the events of rows they see (permissions' `sees`), of one company if asked. */
export function hears(caller: Caller, event: LiveReportEvent, companyId: number | undefined): boolean {
  if (companyId !== undefined && event.company_id !== companyId) return false;
  return sees(caller, { company_id: event.company_id, project_id: event.project_id });
}

/** The open `GET /v1/events` streams of this process. */
export class LiveStreams {
  private readonly ends = new Set<() => void>();
  private readonly perLogin = new Map<number, number>();

  constructor(
    private readonly feed: LiveFeed,
    private readonly limits: LiveLimits,
  ) {}

  /** Open streams in this process. */
  get size(): number {
    return this.ends.size;
  }

  /** Answers with an event stream; it ends when the client leaves, at `maxStreamMs`, or at shutdown. */
  open(reply: FastifyReply, login: { caller: Caller; tokenId: number }, companyId: number | undefined): FastifyReply {
    const { caller, tokenId } = login;
    const held = this.perLogin.get(tokenId) ?? 0;
    if (held >= this.limits.maxStreamsPerLogin) {
      throw new HttpError(
        429,
        `This login already holds ${held} live result streams; close another tab or wait.`,
        undefined,
        { 'retry-after': '30' },
      );
    }
    this.perLogin.set(tokenId, held + 1);

    const stream = new PassThrough();
    let ended = false;
    let unsubscribe = () => {};
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      this.ends.delete(end);
      const left = (this.perLogin.get(tokenId) ?? 1) - 1;
      if (left > 0) this.perLogin.set(tokenId, left);
      else this.perLogin.delete(tokenId);
      stream.end();
    };
    const write = (text: string) => {
      if (ended) return;
      if (stream.writableLength > MAX_BUFFERED_BYTES) return end();
      stream.write(text);
    };
    const heartbeat = setInterval(() => write(HEARTBEAT), this.limits.heartbeatMs).unref();
    let lifetime = setTimeout(() => {
      write(frame('bye', {}));
      lifetime = setTimeout(end, Math.min(HANDOFF_MS, this.limits.maxStreamMs)).unref();
    }, this.limits.maxStreamMs).unref();
    this.ends.add(end);
    unsubscribe = this.feed.subscribe((message: LiveMessage) => {
      if (message.event === 'resync') write(frame('resync', {}));
      else if (message.event === 'notifications') {
        // Only one's own: whose they are is all the event says, and it is not passed on.
        if (message.data.user_ids.includes(caller.id)) write(frame('notifications', {}));
      } else if (hears(caller, message.data, companyId)) write(frame('report', message.data));
    });
    reply.raw.on('close', end);
    stream.on('close', end);

    write(`retry: ${RETRY_MS}\n${frame('ready', { heartbeat_ms: this.limits.heartbeatMs })}`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // nginx and some other proxies buffer answers unless told not to; events must pass at once.
      .header('x-accel-buffering', 'no')
      .send(stream);
  }

  /** At shutdown: a server closing waits for open requests, and a stream would never finish. */
  closeAll(): void {
    for (const end of [...this.ends]) end();
  }
}
