import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendFile } from '../../server/files/download';
import type { FileStore } from '../../server/files/file-store';
import { DEFAULT_FILE_LIMITS } from '../../server/files/limits';
import { receiveUpload, registerUploads } from '../../server/files/multipart';
import { handleError } from '../../server/http/error-handling';
import { BACKENDS, KiB, MiB, sha256, streamUpload, uploadServer } from './helpers/files';

const LIMIT = MiB;
const SPEC = { field: 'firmware', limit: LIMIT, types: ['application/octet-stream', 'image/*'] };

/** The helpers on a Fastify of their own: no API routes take files yet. */
async function uploadApp(store: FileStore): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(handleError);
  await app.register(async (scope) => {
    await registerUploads(scope, DEFAULT_FILE_LIMITS);
    scope.post('/upload', async (request) => receiveUpload(request, store, SPEC));
  });
  app.get<{ Params: { id: string } }>('/files/:id', (request, reply) => sendFile(reply, store, request.params.id));
  return app;
}

function form(entries: Array<[string, string] | [string, Buffer, string, string]>): FormData {
  const body = new FormData();
  for (const [name, value, type, fileName] of entries) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value)], { type }), fileName);
  }
  return body;
}

/** The firmware form over a real socket (helpers/files.ts `streamUpload`): a version, then the file. */
const streamFirmware = (port: number, size: number, options: { abortAt?: number; declareLength?: boolean } = {}) =>
  streamUpload(port, '/upload', [['version', '1.0']], { name: 'firmware', fileName: 'big.bin', size, type: 'application/octet-stream' }, options);

describe.each(BACKENDS)('uploads and downloads: %s', (backend) => {
  const server = uploadServer(backend, uploadApp);

  it('stores the named file and returns the text fields around it', async () => {
    const data = randomBytes(300 * KiB);
    const res = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([
        ['version', '1.2.3'],
        ['firmware', data, 'application/octet-stream', 'C:\\fakepath\\fw\u0007 v1 ü.bin'],
        ['notes', 'first cut'],
      ]),
    });
    expect(res.statusCode).toBe(200);
    const { file, fields } = res.json();
    expect(fields).toEqual({ version: '1.2.3', notes: 'first cut' });
    // The folder and control character are gone; the name is only ever metadata.
    expect(file).toMatchObject({
      name: 'fw v1 ü.bin',
      type: 'application/octet-stream',
      size: data.length,
      sha256: sha256(data),
      backend,
    });
    expect(await server.world.store.stat(file.id)).toEqual(file);
  });

  it('serves a download with its type, length and RFC 6266 name', async () => {
    const data = randomBytes(200 * KiB);
    const upload = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([['firmware', data, 'image/png; charset=binary', 'Prüfbericht "final".png']]),
    });
    expect(upload.statusCode).toBe(200);
    const { file } = upload.json();
    expect(file.type).toBe('image/png'); // parameters dropped, family rule `image/*` matched

    const res = await server.app.inject({ method: 'GET', url: `/files/${file.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Pr_fbericht _final_.png"; filename*=UTF-8''Pr%C3%BCfbericht%20%22final%22.png`,
    );
    expect(res.headers.etag).toBe(`"${sha256(data)}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(data)).toBe(true);

    const unknown = await server.app.inject({ method: 'GET', url: `/files/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'File not found.' });
  });

  it('answers 415 for a type the kind does not accept, before storing a byte', async () => {
    const puts = server.watched.puts.length;
    const res = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([['firmware', Buffer.from('<script>alert(1)</script>'), 'text/html', 'page.html']]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual({ firmware: ['This type of file is not accepted here.'] });
    expect(server.watched.puts.length).toBe(puts);
    expect(await server.world.leftovers()).toEqual(server.world.none);

    const json = await server.app.inject({ method: 'POST', url: '/upload', payload: { firmware: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart\/form-data/);
  });

  it('answers 413 past the limit, and stores a file of exactly the limit', async () => {
    const over = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([['firmware', randomBytes(LIMIT + 1), 'application/octet-stream', 'big.bin']]),
    });
    expect(over.statusCode).toBe(413);
    const message = 'The file is larger than 1 MB.';
    expect(over.json()).toEqual({ message, errors: { firmware: [message] } });
    expect(await server.world.leftovers()).toEqual(server.world.none);

    const exact = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([['firmware', randomBytes(LIMIT), 'application/octet-stream', 'fits.bin']]),
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().file.size).toBe(LIMIT);
  });

  it('answers 413 before the disk fills, holding no more than the limit meanwhile', async () => {
    let most = 0;
    const poll = setInterval(() => (most = Math.max(most, server.world.bytesOnDisk())), 1);
    const fileSize = 64 * MiB;
    // Chunked: a declared length over the limit would be refused before the body is read.
    const result = await streamFirmware(server.port(), fileSize, { declareLength: false });
    clearInterval(poll);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).message).toBe('The file is larger than 1 MB.');
    // The answer came while most of the file was still unsent.
    expect(result.sent).toBeLessThan(fileSize / 2);
    if (backend === 'folder') {
      expect(most).toBeGreaterThan(0); // the poll did see the upload arrive
      expect(most).toBeLessThanOrEqual(LIMIT + 64 * KiB);
    }
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('leaves nothing behind when the client hangs up midway', async () => {
    const puts = server.watched.puts.length;
    const result = await streamFirmware(server.port(), 4 * MiB, { abortAt: MiB / 2 });
    expect(result.status).toBeUndefined();
    expect(server.watched.puts.length).toBe(puts + 1); // the upload had reached the store
    expect(await server.watched.puts[puts]).toBeInstanceOf(Error);
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('removes a stored file when the rest of the form is refused', async () => {
    const data = randomBytes(10 * KiB);
    const missing = await server.app.inject({ method: 'POST', url: '/upload', payload: form([['version', '1']]) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ firmware: ['Choose a file.'] });

    const puts = server.watched.puts.length;
    const stray = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([
        ['firmware', data, 'application/octet-stream', 'a.bin'],
        ['manual', data, 'application/octet-stream', 'b.bin'],
      ]),
    });
    expect(stray.statusCode).toBe(422);
    expect(stray.json().errors).toEqual({ manual: ['No file is expected in this field.'] });

    const twice = await server.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form([['version', '1'], ['firmware', data, 'application/octet-stream', 'a.bin'], ['version', '2']]),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ version: ['This field was sent twice.'] });
    // Both files had been stored before the refusal, and both are gone again.
    expect(server.watched.puts.length).toBe(puts + 2);
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });
});
