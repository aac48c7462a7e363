import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FileStore } from '../../server/files/file-store';
import { DEFAULT_FILE_LIMITS } from '../../server/files/limits';
import { receiveUpload, receiveUploads, registerUploads } from '../../server/files/multipart';
import { handleError } from '../../server/http/error-handling';
import { BACKENDS, KiB, MiB, sha256, streamUpload, uploadServer, type Part } from './helpers/files';

/**
 * Several files in one request (`documents[n]` beside text fields, as SPEC's `POST /manage/request`
 * will send them), on a Fastify of its own with the real file stores: no API route takes
 * several files yet.
 */
const LIMIT = 256 * KiB;
const TYPES = ['application/pdf', 'image/*', 'text/*'];
const projectFields = z.object({
  projectname: z.string({ error: 'Project name is required.' }).trim().min(1, 'Project name is required.').max(40, 'Project name is at most 40 characters.'),
  projectdescription: z.string({ error: 'Description is required.' }).trim().min(1, 'Description is required.'),
});
const DOCUMENTS = { field: 'documents', limit: LIMIT, maxFiles: 3, types: TYPES, fields: projectFields };

async function uploadApp(store: FileStore): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler(handleError);
  await app.register(async (scope) => {
    await registerUploads(scope, DEFAULT_FILE_LIMITS);
    scope.post('/documents', async (request) => receiveUploads(request, store, DOCUMENTS));
    scope.post('/documents-total', async (request) => receiveUploads(request, store, { ...DOCUMENTS, totalLimit: 400 * KiB }));
    scope.post('/optional', async (request) => receiveUploads(request, store, { ...DOCUMENTS, minFiles: 0 }));
    scope.post('/one', async (request) => receiveUpload(request, store, { field: 'report', limit: LIMIT, types: TYPES, fields: projectFields }));
  });
  return app;
}


function form(parts: Part[]): FormData {
  const body = new FormData();
  for (const [name, value, type, fileName] of parts) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value)], { type }), fileName);
  }
  return body;
}

const pdf = (name: string, data: Buffer, field = 'documents'): Part => [field, data, 'application/pdf', name];
/** The files among `parts` named `documents[0]`, `documents[1]`, … as the app sends them. */
function named(parts: Part[]): Part[] {
  let n = 0;
  return parts.map((part) => (part.length === 4 ? ([`documents[${n++}]`, ...part.slice(1)] as Part) : part));
}

describe.each(BACKENDS)('several files in one upload: %s', (backend) => {
  const server = uploadServer(backend, uploadApp);
  const post = (url: string, parts: Part[]) => server.app.inject({ method: 'POST', url, payload: form(parts) });
  /** How the puts since `from` ended: stored files' names, or `error`. */
  const putsSince = async (from: number) =>
    Promise.all(server.watched.puts.slice(from).map(async (put) => {
      const result = await put;
      return result instanceof Error ? 'error' : (result as { name: string }).name;
    }));

  it('stores three files with the text fields, in the order sent', async () => {
    const data = [randomBytes(100 * KiB + 1), randomBytes(LIMIT), randomBytes(7)];
    const res = await post(
      '/documents',
      named([
        ['projectname', '  Pump controller  '],
        ['projectdescription', 'Rev B, 4 layers'],
        pdf('schematic.pdf', data[0]),
        ['documents[1]', data[1], 'image/png', 'board top.png'],
        ['documents[2]', data[2], 'text/plain; charset=utf-8', 'notes.txt'],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { files, fields } = res.json();
    expect(fields).toEqual({ projectname: 'Pump controller', projectdescription: 'Rev B, 4 layers' });
    expect(files.map((f: { name: string }) => f.name)).toEqual(['schematic.pdf', 'board top.png', 'notes.txt']);
    expect(files.map((f: { type: string }) => f.type)).toEqual(['application/pdf', 'image/png', 'text/plain']);
    expect(files.map((f: { size: number }) => f.size)).toEqual(data.map((d) => d.length));
    expect(files.map((f: { sha256: string }) => f.sha256)).toEqual(data.map(sha256));
    expect(new Set(files.map((f: { id: string }) => f.id)).size).toBe(3);
    for (const file of files) expect(await server.world.store.stat(file.id)).toEqual({ ...file, backend });
  });

  it('takes the field repeated without indexes too, and fields after the files', async () => {
    const res = await post('/documents', [
      pdf('a.pdf', randomBytes(KiB)),
      pdf('b.pdf', randomBytes(2 * KiB)),
      ['projectname', 'P'],
      ['projectdescription', 'D'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().files.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([['a.pdf', KiB], ['b.pdf', 2 * KiB]]);
  });

  it('answers 413 naming the file past its limit, and keeps none of the files', async () => {
    const puts = server.watched.puts.length;
    const res = await post(
      '/documents',
      named([['projectname', 'P'], ['projectdescription', 'D'], pdf('fits.pdf', randomBytes(LIMIT)), pdf('huge.pdf', randomBytes(LIMIT + 1)), pdf('never.pdf', randomBytes(KiB))]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: '“huge.pdf” is larger than 256 KB.',
      errors: { 'documents[1]': ['The file is larger than 256 KB.'] },
    });
    expect(res.headers.connection).toBe('close');
    // The first was stored, the second stopped at its limit, the third never reached the store.
    expect(await putsSince(puts)).toEqual(['fits.pdf', 'error']);
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('holds the files together to the total limit when there is one', async () => {
    const res = await post('/documents-total', named([['projectname', 'P'], ['projectdescription', 'D'], pdf('a.pdf', randomBytes(LIMIT)), pdf('b.pdf', randomBytes(200 * KiB))]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The files together are larger than 400 KB, counting “b.pdf”.',
      errors: { 'documents[1]': ['The files together are larger than 400 KB.'] },
    });
    expect(await server.world.leftovers()).toEqual(server.world.none);
    const fits = await post('/documents-total', named([['projectname', 'P'], ['projectdescription', 'D'], pdf('a.pdf', randomBytes(LIMIT)), pdf('b.pdf', randomBytes(144 * KiB))]));
    expect(fits.statusCode).toBe(200);
  });

  it('answers 415 naming the file of a type not accepted, before storing it, and removes the others', async () => {
    const puts = server.watched.puts.length;
    const res = await post(
      '/documents',
      named([['projectname', 'P'], ['projectdescription', 'D'], pdf('a.pdf', randomBytes(KiB)), pdf('b.pdf', randomBytes(KiB)), ['x', Buffer.from('MZ'), 'application/x-msdownload', 'setup.exe']]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: '“setup.exe” is of type application/x-msdownload, which is not accepted here; send application/pdf, image/*, text/*.',
      errors: { 'documents[2]': ['This type of file is not accepted here.'] },
    });
    expect(await putsSince(puts)).toEqual(['a.pdf', 'b.pdf']);
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('refuses more files than allowed with a 413 on the field, keeping none', async () => {
    const puts = server.watched.puts.length;
    const files = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'].map((name) => pdf(name, randomBytes(KiB)));
    const res = await post('/documents', named([['projectname', 'P'], ['projectdescription', 'D'], ...files]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Send at most 3 files at once.', errors: { documents: ['Send at most 3 files at once.'] } });
    expect(await putsSince(puts)).toEqual(['1.pdf', '2.pdf', '3.pdf']); // the fourth was refused unread
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('refuses a file sent twice under one index, and a file in another field', async () => {
    const twice = await post('/documents', [['projectname', 'P'], ['projectdescription', 'D'], pdf('a.pdf', randomBytes(KiB), 'documents[0]'), pdf('b.pdf', randomBytes(KiB), 'documents[0]')]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'documents[0]': ['This file was sent twice.'] });
    const stray = await post('/documents', [['projectname', 'P'], ['projectdescription', 'D'], pdf('a.pdf', randomBytes(KiB), 'documents[0]'), pdf('b.pdf', randomBytes(KiB), 'documentz[1]')]);
    expect(stray.statusCode).toBe(422);
    expect(stray.json().errors).toEqual({ 'documentz[1]': ['No file is expected in this field.'] });
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('refuses at once, storing nothing, when a text field before the files is wrong', async () => {
    const puts = server.watched.puts.length;
    const res = await post(
      '/documents',
      named([['projectname', ' '.repeat(3)], ['projectdescription', ''], pdf('a.pdf', randomBytes(KiB)), pdf('b.pdf', randomBytes(KiB))]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Some fields are not valid.',
      errors: { projectname: ['Project name is required.'], projectdescription: ['Description is required.'] },
    });
    expect(server.watched.puts.length).toBe(puts);

    // Over a socket: the answer comes while most of a large file is still unsent.
    const fileSize = 64 * MiB;
    const result = await streamUpload(server.port(), '/documents', [['projectname', 'x'.repeat(41)], ['projectdescription', 'D']], {
      name: 'documents[0]',
      fileName: 'big.pdf',
      size: fileSize,
    }, { declareLength: false });
    expect(result.status).toBe(422);
    expect(JSON.parse(result.body).errors).toEqual({ projectname: ['Project name is at most 40 characters.'] });
    expect(result.sent).toBeLessThan(fileSize / 2);
    expect(server.watched.puts.length).toBe(puts);
    expect(await server.world.leftovers()).toEqual(server.world.none);
  });

  it('does the same for the single-file upload', async () => {
    const puts = server.watched.puts.length;
    const fileSize = 64 * MiB;
    const result = await streamUpload(server.port(), '/one', [['projectname', ''], ['projectdescription', 'D']], { name: 'report', fileName: 'r.pdf', size: fileSize }, { declareLength: false });
    expect(result.status).toBe(422);
    expect(JSON.parse(result.body).errors).toEqual({ projectname: ['Project name is required.'] });
    expect(result.sent).toBeLessThan(fileSize / 2);
    expect(server.watched.puts.length).toBe(puts);

    const ok = await post('/one', [['projectname', 'P'], ['projectdescription', 'D'], pdf('r.pdf', randomBytes(KiB), 'report')]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().file).toMatchObject({ name: 'r.pdf', size: KiB });
  });

  it('answers 422 naming a field missing after the files, and removes the files', async () => {
    const puts = server.watched.puts.length;
    const res = await post('/documents', named([['projectname', 'P'], pdf('a.pdf', randomBytes(KiB)), pdf('b.pdf', randomBytes(KiB))]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ projectdescription: ['Description is required.'] });
    expect(await putsSince(puts)).toEqual(['a.pdf', 'b.pdf']);
    expect(await server.world.leftovers()).toEqual(server.world.none);

    const none = await post('/documents', [['projectname', 'P']]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ projectdescription: ['Description is required.'], documents: ['Choose at least one file.'] });
    const optional = await post('/optional', [['projectname', 'P'], ['projectdescription', 'D']]);
    expect(optional.statusCode).toBe(200);
    expect(optional.json().files).toEqual([]);
  });

  it('leaves nothing behind when the client hangs up during the second file', async () => {
    const puts = server.watched.puts.length;
    const result = await streamUpload(
      server.port(),
      '/documents',
      [['projectname', 'P'], ['projectdescription', 'D'], pdf('first.pdf', randomBytes(100 * KiB), 'documents[0]')],
      { name: 'documents[1]', fileName: 'second.pdf', size: 200 * KiB },
      { abortAt: 100 * KiB },
    );
    expect(result.status).toBeUndefined();
    await vi.waitFor(async () => expect(await putsSince(puts)).toEqual(['first.pdf', 'error']));
    await vi.waitFor(async () => expect(await server.world.leftovers()).toEqual(server.world.none));
  });
});
