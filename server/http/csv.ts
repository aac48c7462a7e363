import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CSV downloads of the device lists. Services hand over the file's name and its text as an async
 * iterable; this is the HTTP side: whether the client asked for CSV, and the download's headers.
 */

/** An explicit `format` wins; otherwise a client that asks for CSV by Accept header gets it. */
export const wantsCsv = (format: 'json' | 'csv' | undefined, request: FastifyRequest) =>
  format ? format === 'csv' : /\btext\/csv\b/i.test(request.headers.accept ?? '');

/**
 * Streams the file while the client downloads (read in chunks, so memory stays flat); the
 * browser saves it under `fileName`, which the service reduced to safe characters already.
 */
export function sendCsv(reply: FastifyReply, file: { fileName: string; chunks: AsyncIterable<string> }): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Readable.from(file.chunks));
}
