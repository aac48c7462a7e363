import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One server-sent event as a client reads it. */
export type ReadEvent = { event: string; data: unknown };

export type Subscription = {
  status: number;
  /** Set when the answer was not a stream (a 401, a 429…). */
  body?: string;
  headers: Headers;
  /** The next event not read yet (other than `ready`), or a failure after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReadEvent>;
  /** Every event so far, `ready` included. */
  events: ReadEvent[];
  /** Heartbeat comment lines received. */
  comments(): number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The origin of an app listening on a free port (listens on first use). */
export async function originOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/**
 * `GET /v1/events` over real HTTP, parsed as SSE frames the way the app reads them. A plain
 * `node:http` request on a connection of its own (fetch's pool keeps a spare connection after
 * an abort, which a closing server then waits for). Resolves once the answer's head arrived
 * (and, for a stream, its `ready` event).
 */
export async function subscribe(
  app: FastifyInstance,
  auth: { authorization?: string },
  query = '',
): Promise<Subscription> {
  const url = `${await originOf(app)}/v1/events${query ? `?${query}` : ''}`;
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...auth }, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  const status = response.statusCode ?? 0;
  const headers = new Headers(
    Object.entries(response.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])),
  );
  const events: ReadEvent[] = [];
  let read = 0;
  let comments = 0;
  let wake = () => {};
  const base = { status, headers, events, comments: () => comments, close: () => request.destroy() };
  if (status !== 200) {
    let body = '';
    response.setEncoding('utf8');
    for await (const chunk of response) body += chunk;
    return { ...base, body, next: () => Promise.reject(new Error('not a stream')), ended: Promise.resolve() };
  }

  let over = false;
  const ended = (async () => {
    let buffer = '';
    response.setEncoding('utf8');
    try {
      for await (const value of response) {
        buffer += value as string;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
          wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      over = true;
      wake();
    }
  })();

  const waitFor = async (found: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!found()) {
      if (over) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms (had ${JSON.stringify(events)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  await waitFor(() => events.some((e) => e.event === 'ready'), 5_000, 'ready event');
  read = events.findIndex((e) => e.event === 'ready') + 1;
  return {
    ...base,
    ended,
    next: async (timeoutMs = 5_000) => {
      await waitFor(() => events.length > read, timeoutMs, 'event');
      return events[read++];
    },
  };
}

/** Polls until `check` holds (server-side bookkeeping that follows a client's disconnect). */
export async function eventually(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
