import type { FastifyReply } from 'fastify';
import { notFound } from '../http/errors';
import type { FileStore } from './file-store';

/**
 * Streams a stored file as a download: its stored type, its exact length (so clients show
 * progress and notice a cut-off transfer) and its name as RFC 6266 asks. Unknown id → 404.
 */
export async function sendFile(reply: FastifyReply, store: FileStore, id: string): Promise<FastifyReply> {
  const found = await store.get(id);
  if (!found) throw notFound('File not found.');
  const { meta, stream } = found;
  return reply
    .header('content-type', meta.type)
    .header('content-length', meta.size)
    .header('content-disposition', contentDisposition(meta.name))
    // The bytes of an id never change, so the hash is a strong validator.
    .header('etag', `"${meta.sha256}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * `attachment` (a stored type such as text/html must never render in the app's origin), with
 * an ASCII `filename` for old clients and the exact name in `filename*` (RFC 5987 encoding).
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
