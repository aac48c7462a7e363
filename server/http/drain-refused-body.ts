import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is still read, and for how long, before the connection closes:
 * enough for the client to have read the answer (RFC 9112 §9.6), never a whole gigabyte.
 */
export type DrainLimits = { maxBytes: number; maxMs: number };
export const DRAIN_LIMITS: DrainLimits = { maxBytes: 64 * 1024 * 1024, maxMs: 5000 };

/**
 * A request answered before its body was read to the end (a refused upload, JSON over the
 * limit, a refusal before the body was looked at) ends its connection, as the unread rest may
 * be gigabytes. Node closes such a connection the moment the answer is written (`destroySoon`),
 * and a socket closed with request bytes still arriving answers them with a TCP reset, which
 * can reach the client before it has read the answer: Node's `fetch` then fails instead of
 * showing the 413, a raw client gets EPIPE. So, as RFC 9112 §9.6 asks, the server closes only
 * its sending side after the answer and reads and discards what still comes, up to
 * `limits.maxBytes` or `limits.maxMs`; then it closes. A client that finishes sending first
 * gets an ordinary close.
 */
export function drainRefusedBodies(app: FastifyInstance, limits: DrainLimits = DRAIN_LIMITS) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete !== false) return payload;
    const socket = request.raw.socket as Socket | undefined;
    // `inject()` has no real socket, and nothing to drain.
    if (!socket || typeof (socket as { destroySoon?: unknown }).destroySoon !== 'function') return payload;
    reply.header('connection', 'close');
    drainThenClose(request, socket, limits);
    return payload;
  });
}

const draining = new WeakSet<Socket>();

function drainThenClose(request: FastifyRequest, socket: Socket, limits: DrainLimits) {
  if (draining.has(socket) || socket.destroyed) return;
  draining.add(socket);
  const body = request.raw;
  // Whatever read the body (a parser that refused it) lets go: from here on its bytes are dropped.
  body.unpipe();
  body.removeAllListeners('data');
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  body.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.maxBytes) close();
  });
  // The whole body is in: nothing unread is left to cause a reset, so the usual close will do.
  const closeSoon = socket.destroySoon.bind(socket);
  let answered = false;
  body.once('end', () => {
    if (answered) close();
  });
  // Node calls this once a `Connection: close` answer is written: half-close instead (FIN after
  // the answer), and keep reading until the body ends, the client closes, or a limit passes.
  socket.destroySoon = () => {
    answered = true;
    if (body.complete) return closeSoon();
    socket.end();
  };
  body.resume();
}
