import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { FILES_FOLDER } from '../../server/files/open';
// The enclosure_updates table's type joins DB in its store (declaration merging); this test reads the table.
import type {} from '../../server/store/enclosure-updates';
import { firmwareForm, uploadFirmware } from './helpers/enclosure-updates';
import { BACKENDS, KiB, MiB, sha256 } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Small, so the over-limit upload is quick; the real default (1 GB) is what e2e and bench use. */
const LIMIT = MiB;

describe.each(BACKENDS)('enclosure updates on the %s file store', (backend) => {
  let t: TestApp;
  let dataDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-updates-'));
    t = await createTestApp({
      dataDir,
      fileStore: backend,
      fileLimits: { firmware: LIMIT },
      // Error logs only, kept for the test of a file that would not go.
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const filesDir = () => path.join(dataDir, FILES_FOLDER);
  /** What the file store holds: rows, PostgreSQL chunks, and files on disk. */
  const stored = async () => {
    const count = async (table: 'files' | 'file_chunks' | 'enclosure_updates') =>
      Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    return {
      updates: await count('enclosure_updates'),
      files: await count('files'),
      chunks: dialectOf(t.db) === 'postgres' ? await count('file_chunks') : 0,
      disk: existsSync(filesDir()) ? readdirSync(filesDir()).length : 0,
    };
  };
  const upload = (form: FormData, as = 'root') => t.call('POST', '/v1/enclosure-updates', { as, body: form });

  it('stores an upload with its texts and its file’s facts, and shows it to a superadmin', async () => {
    const before = await stored();
    const data = randomBytes(300 * KiB + 17);
    const res = await upload(
      firmwareForm({ description: '  Controller 2.4.0  ', patch_notes: 'Faster ADC sampling.', data, name: 'jb-ctrl 2.4.0 ü.bin' }),
    );
    expect(res.statusCode).toBe(201);
    const update = res.json().data;
    expect(update).toEqual({
      id: expect.any(Number),
      description: 'Controller 2.4.0',
      patch_notes: 'Faster ADC sampling.',
      firmware_name: 'jb-ctrl 2.4.0 ü.bin',
      firmware_size: data.length,
      firmware_type: 'application/octet-stream',
      firmware_sha256: sha256(data),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by: { id: t.userIds.root, username: 'root' },
    });
    const after = await stored();
    expect(after.updates).toBe(before.updates + 1);
    expect(after.files).toBe(before.files + 1);
    if (backend === 'folder') expect(after.disk).toBe(before.disk + 1);
    else expect(after.chunks).toBe(before.chunks + 1);

    const one = await t.call('GET', `/v1/enclosure-updates/${update.id}`, { as: 'root' });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(update);
  });

  it('takes patch notes as optional and archives as firmware', async () => {
    const res = await upload(firmwareForm({ description: 'Bootloader 1.1', data: randomBytes(KiB), type: 'application/zip', name: 'boot.zip' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ patch_notes: '', firmware_type: 'application/zip', firmware_name: 'boot.zip' });
  });

  it('downloads the firmware byte for byte, with its type, length and name', async () => {
    const data = randomBytes(700 * KiB + 3);
    const id = await uploadFirmware(t, { description: 'Download me', data, name: 'Prüf "fw".bin', type: 'application/x-binary' });
    const res = await t.call('GET', `/v1/enclosure-updates/${id}/firmware`, { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-binary');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Pr_f _fw_.bin"; filename*=UTF-8''Pr%C3%BCf%20%22fw%22.bin`);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('answers 413 past the firmware limit and keeps nothing', async () => {
    const before = await stored();
    const res = await upload(firmwareForm({ description: 'Too big', data: randomBytes(LIMIT + 1) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is larger than 1 MB.', errors: { firmware: ['The file is larger than 1 MB.'] } });
    expect(await stored()).toEqual(before);
    // Exactly the limit is fine.
    expect((await upload(firmwareForm({ description: 'Just fits', data: randomBytes(LIMIT) }))).statusCode).toBe(201);
  });

  it.each([
    ['text/html', 'page.html'],
    ['application/pdf', 'manual.pdf'],
    ['image/png', 'photo.png'],
  ])('answers 415 for %s and keeps nothing', async (type, name) => {
    const before = await stored();
    const res = await upload(firmwareForm({ description: 'Wrong type', data: randomBytes(2 * KiB), type, name }));
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual({ firmware: ['This type of file is not accepted here.'] });
    expect(res.json().message).toContain(`Files of type ${type} are not accepted here`);
    expect(await stored()).toEqual(before);
  });

  it('answers 422 naming each missing field, and removes a file already stored', async () => {
    const before = await stored();
    const noDescription = await upload(firmwareForm({ patch_notes: 'x', data: randomBytes(64 * KiB) }));
    expect(noDescription.statusCode).toBe(422);
    expect(noDescription.json().errors).toEqual({ description: ['Description is required.'] });

    const blank = await upload(firmwareForm({ description: '   ', data: randomBytes(KiB) }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ description: ['Description is required.'] });

    const noFile = await upload(firmwareForm({ description: 'No file' }));
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ firmware: ['Choose a file.'] });

    const nothing = await upload(firmwareForm({}));
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ description: ['Description is required.'], firmware: ['Choose a file.'] });

    const long = await upload(firmwareForm({ description: 'x'.repeat(201), data: randomBytes(KiB) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ description: ['Description is at most 200 characters.'] });

    // The refused forms' files had been stored while they streamed in; none is left.
    expect(await stored()).toEqual(before);
  });

  it('refuses anyone but a superadmin before storing a byte, and a JSON body with 415', async () => {
    const before = await stored();
    const res = await upload(firmwareForm({ description: 'Not mine', data: randomBytes(KiB) }), 'alpha-admin');
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    const json = await t.call('POST', '/v1/enclosure-updates', { as: 'root', body: { description: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('lists server-paged, newest first, sorted and searched', async () => {
    for (const [description, notes, name] of [
      ['List alpha', 'Fixes the Watchdog reset', 'alpha.bin'],
      ['List beta', 'Adds CAN-FD', 'beta-loader.bin'],
      ['List gamma', 'Nothing special', 'gamma.bin'],
    ]) {
      await uploadFirmware(t, { description, patch_notes: notes, name });
    }
    const first = await t.call('GET', '/v1/enclosure-updates?limit=2', { as: 'root' });
    expect(first.statusCode).toBe(200);
    const total = first.json().meta.total;
    expect(first.json().meta).toEqual({ page: 1, limit: 2, total: expect.any(Number) });
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.json().data.map((u: { description: string }) => u.description)).toEqual(['List gamma', 'List beta']);

    const search = (q: string) =>
      t.call('GET', `/v1/enclosure-updates?search=${encodeURIComponent(q)}&sortby=description`, { as: 'root' })
        .then((r) => r.json().data.map((u: { description: string }) => u.description));
    expect(await search('watchdog')).toEqual(['List alpha']); // patch notes, any case
    expect(await search('BETA-LOAD')).toEqual(['List beta']); // file name
    expect(await search('list ')).toEqual(['List alpha', 'List beta', 'List gamma']);

    const bySize = await t.call('GET', '/v1/enclosure-updates?sortby=firmware_size&sortdesc=true&limit=200', { as: 'root' });
    const sizes = bySize.json().data.map((u: { firmware_size: number }) => u.firmware_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    const wrong = await t.call('GET', '/v1/enclosure-updates?sortby=file_id', { as: 'root' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['sortby']);
  });

  it('changes the texts only, and refuses an empty description', async () => {
    const id = await uploadFirmware(t, { description: 'Before', patch_notes: 'old notes' });
    const original = (await t.call('GET', `/v1/enclosure-updates/${id}`, { as: 'root' })).json().data;
    const res = await t.call('PATCH', `/v1/enclosure-updates/${id}`, {
      as: 'root',
      body: { description: 'After', patch_notes: 'new notes', firmware_name: 'evil.exe' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...original, description: 'After', patch_notes: 'new notes', updated_at: expect.any(String) });
    expect(res.json().data.updated_at >= original.updated_at).toBe(true);

    const notesOnly = await t.call('PATCH', `/v1/enclosure-updates/${id}`, { as: 'root', body: { patch_notes: '' } });
    expect(notesOnly.json().data).toMatchObject({ description: 'After', patch_notes: '' });

    const empty = await t.call('PATCH', `/v1/enclosure-updates/${id}`, { as: 'root', body: { description: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ description: ['Description is required.'] });
    expect((await t.call('PATCH', '/v1/enclosure-updates/999999', { as: 'root', body: {} })).statusCode).toBe(404);
  });

  it('deletes with 204, and the file goes with the row', async () => {
    const id = await uploadFirmware(t, { description: 'Delete me', data: randomBytes(200 * KiB) });
    const before = await stored();
    const res = await t.call('DELETE', `/v1/enclosure-updates/${id}`, { as: 'root' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored()).toEqual({
      updates: before.updates - 1,
      files: before.files - 1,
      chunks: backend === 'postgres' ? before.chunks - 1 : 0,
      disk: backend === 'folder' ? before.disk - 1 : 0,
    });
    for (const url of [`/v1/enclosure-updates/${id}`, `/v1/enclosure-updates/${id}/firmware`]) {
      expect((await t.call('GET', url, { as: 'root' })).statusCode).toBe(404);
    }
    expect((await t.call('DELETE', `/v1/enclosure-updates/${id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/v1/enclosure-updates/abc', { as: 'root' })).statusCode).toBe(404);
  });

  if (backend === 'folder') {
    it('still deletes the update when its file cannot be removed, and logs the file left behind', async () => {
      const id = await uploadFirmware(t, { description: 'Stuck file' });
      const { file_id } = await t.db.selectFrom('enclosure_updates').select('file_id').where('id', '=', id).executeTakeFirstOrThrow();
      // A directory where the file was: the store's unlink fails after the row is gone.
      const where = path.join(filesDir(), file_id);
      rmSync(where);
      mkdirSync(path.join(where, 'blocker'), { recursive: true });
      logged.length = 0;

      const res = await t.call('DELETE', `/v1/enclosure-updates/${id}`, { as: 'root' });
      expect(res.statusCode).toBe(204);
      expect((await t.call('GET', `/v1/enclosure-updates/${id}`, { as: 'root' })).statusCode).toBe(404);
      const line = logged.map((l) => JSON.parse(l)).find((l) => l.file_id === file_id);
      expect(line).toMatchObject({ enclosure_update_id: id, msg: 'The row is deleted but its file could not be removed.' });
      rmSync(where, { recursive: true });
    });
  }
});
