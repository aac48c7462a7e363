import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '../../server/db/dialect';
import { batchCounters, createProduction, testBoards, type Production } from './helpers/production';
import { addCode, completeForm, sendToRepair, sendToRepairDirect, type CompleteForm } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

const KiB = 1024;
let t: TestApp;
let alpha: Production;
let beta: Production;
let code: number;

beforeAll(async () => {
  // A small limit, so the over-limit photo is quick to send.
  t = await createTestApp({ fileLimits: { repair: 64 * KiB } });
  alpha = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
  code = await addCode(t, t.companyIds.alpha, 'SOLDER-BRIDGE');
});
afterAll(() => t?.close());

/**
 * A failed board of Alpha's project, sent to repair through the hand-off from its page, or at a
 * hand-picked time (`sent_at`, for the queue's order); returns the repair and the board.
 */
async function failedInRepair(serial: string, options: { sent_at?: string; production?: Production } = {}) {
  const production = options.production ?? alpha;
  const ids = await testBoards(production, [serial], { result: 'fail' });
  const device = ids[serial]!;
  const as = production === beta ? 'beta-engineer' : 'alpha-engineer';
  const repair = options.sent_at ? await sendToRepairDirect(t, device, { sent_at: options.sent_at }) : await sendToRepair(t, device, 'Current too high after three runs', as);
  return { device, repair };
}

const complete = (repair: number, form: CompleteForm, as = 'alpha-operator') =>
  t.call('POST', `/v1/repairs/${repair}/complete`, { as, body: completeForm({ outcome: 'repaired', failure_code_id: code, action: 'Removed the bridge', ...form }) });

const count = async (table: 'files' | 'repairs') => toCount((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

const board = (id: number) => t.db.selectFrom('devices').select(['status', 'in_repair', 'report_count', 'repair_base_count']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the repair queue', () => {
  it('lists a project’s waiting boards oldest first, filters by status and board, sorts and pages in the database', async () => {
    const project = await createProduction(t, 'alpha');
    const q3 = await failedInRepair('Q-3', { production: project, sent_at: '2026-11-03T08:00:00.000Z' });
    const q1 = await failedInRepair('Q-1', { production: project, sent_at: '2026-11-01T08:00:00.000Z' });
    const q2 = await failedInRepair('Q-2', { production: project, sent_at: '2026-11-02T08:00:00.000Z' });
    expect((await complete(q2.repair, {})).statusCode).toBe(200);

    const get = async (query: string, as = 'alpha-viewer') => {
      const res = await t.call('GET', `/v1/projects/${project.projectId}/repairs?${query}`, { as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { serial: string; status: string }[]; meta: { total: number } };
    };
    expect((await get('status=waiting')).data.map((r) => r.serial)).toEqual(['Q-1', 'Q-3']);
    expect((await get('')).data.map((r) => `${r.serial}:${r.status}`)).toEqual(['Q-1:waiting', 'Q-2:repaired', 'Q-3:waiting']);
    expect((await get('status=repaired')).data.map((r) => r.serial)).toEqual(['Q-2']);
    expect((await get(`device_id=${q3.device}`)).data.map((r) => r.serial)).toEqual(['Q-3']);
    expect((await get('sortby=serial&sortdesc=true')).data.map((r) => r.serial)).toEqual(['Q-3', 'Q-2', 'Q-1']);
    const paged = await get('limit=2&page=2');
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(paged.data.map((r) => r.serial)).toEqual(['Q-3']);
    expect((await get('search=q-3')).data.map((r) => r.serial)).toEqual(['Q-3']);
    // The queue says why and what failed.
    expect((await get('status=waiting')).data[0]).toMatchObject({
      device_id: q1.device,
      reason: 'Current too high after three runs',
      failing_steps: [{ name: 'current', measured: 0.9, low: 0, high: 0.5, unit: 'A' }],
      failure_code: null,
      repaired_at: null,
    });

    const wrong = await t.call('GET', `/v1/projects/${project.projectId}/repairs?status=lost`, { as: 'alpha-viewer' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['status']);
    expect((await t.call('GET', `/v1/projects/${project.projectId}/repairs`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/repairs/${q1.repair}`, { as: 'beta-admin' })).statusCode).toBe(404);
  });
});

describe('completing a repair', () => {
  it('records a repaired board with its photo, which downloads byte for byte, and gives the board a fresh set of attempts', async () => {
    const { device, repair } = await failedInRepair('R-1');
    await alpha.report({ serial: 'R-1', result: 'fail' });
    const photo = randomBytes(20 * KiB);
    const res = await complete(repair, { parts: 'U3, R12 C4', notes: 'Bridge under U3', file: { data: photo, type: 'image/jpeg', name: 'u3.jpg' } });
    expect(res.statusCode, res.body).toBe(200);
    const operator = t.userIds['alpha-operator'];
    expect(res.json().data).toMatchObject({
      id: repair,
      device_id: device,
      serial: 'R-1',
      status: 'repaired',
      failure_code: { id: code, code: 'SOLDER-BRIDGE' },
      action: 'Removed the bridge',
      parts: ['U3', 'R12', 'C4'],
      notes: 'Bridge under U3',
      file: { id: repair, name: 'u3.jpg', content_type: 'image/jpeg', size: photo.length },
      repaired_by: { id: operator, name: 'alpha-operator' },
      repaired_at: expect.any(String),
    });
    expect(await board(device)).toEqual({ status: 'failed', in_repair: 0, report_count: 2, repair_base_count: 2 });

    const download = await t.call('GET', `/v1/repairs/${repair}/file`, { as: 'alpha-viewer' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain('u3.jpg');
    expect(download.rawPayload.equals(photo)).toBe(true);
    expect((await t.call('GET', `/v1/repairs/${repair}/file`, { as: 'beta-admin' })).statusCode).toBe(404);
  });

  it('scraps a board through the status correction, so its batch counters equal a recount', async () => {
    const { device, repair } = await failedInRepair('S-1');
    const before = await batchCounters(t, alpha.batchId);
    const res = await complete(repair, { outcome: 'scrapped', action: 'Pad lifted, not repairable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'scrapped', file: null, parts: [] });
    expect(await board(device)).toMatchObject({ status: 'scrapped', in_repair: 0 });
    const after = await batchCounters(t, alpha.batchId);
    expect(after.stored).toEqual(after.recounted);
    expect(after.stored.scrapped_count).toBe(before.stored.scrapped_count + 1);
    expect(after.stored.failed_count).toBe(before.stored.failed_count - 1);
  });

  it('completes a repair once: a done one is a 409', async () => {
    const { repair } = await failedInRepair('D-1');
    expect((await complete(repair, {})).statusCode).toBe(200);
    const again = await complete(repair, { outcome: 'scrapped' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/only a board waiting for repair/);
    expect((await t.call('GET', `/v1/repairs/${repair}`, { as: 'alpha-viewer' })).json().data.status).toBe('repaired');
  });

  it('lets one of two completions at once win; the other is a 409 and its file is not kept', async () => {
    const { device, repair } = await failedInRepair('T-1');
    const before = await count('files');
    const answers = await Promise.all([
      complete(repair, { outcome: 'scrapped', file: { data: randomBytes(KiB) } }),
      complete(repair, { outcome: 'repaired', file: { data: randomBytes(KiB) } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.status;
    expect((await board(device)).status).toBe(winner === 'scrapped' ? 'scrapped' : 'failed');
    expect(await count('files')).toBe(before + 1);
    const after = await batchCounters(t, alpha.batchId);
    expect(after.stored).toEqual(after.recounted);
  });

  it('refuses a missing field, an archived code or another company’s on their fields, and stores nothing', async () => {
    const { device, repair } = await failedInRepair('V-1');
    const before = { files: await count('files') };
    let res = await t.call('POST', `/v1/repairs/${repair}/complete`, { as: 'alpha-operator', body: completeForm({ outcome: 'fixed', parts: 'R12 bad!' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      outcome: ['Outcome must be one of repaired or scrapped.'],
      failure_code_id: ['Choose a failure code.'],
      action: ['Say what was done.'],
      'parts.1': ['A part is a reference designator such as R12 or U3.'],
    });
    const archived = await addCode(t, t.companyIds.alpha, 'OLD', { archived: true });
    res = await complete(repair, { failure_code_id: archived, file: { data: randomBytes(KiB) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ failure_code_id: ['This failure code is archived: choose one in use.'] });
    const theirs = await addCode(t, t.companyIds.beta, 'THEIRS');
    res = await complete(repair, { failure_code_id: theirs });
    expect(res.json().errors).toEqual({ failure_code_id: [`There is no failure code with id ${theirs}.`] });
    res = await complete(repair, { failure_code_id: 'x1' });
    expect(res.json().errors).toEqual({ failure_code_id: ['Failure code id is a whole number, not "x1".'] });

    expect(await count('files')).toBe(before.files);
    expect(await board(device)).toMatchObject({ in_repair: 1 });
    expect((await t.call('GET', `/v1/repairs/${repair}`, { as: 'alpha-viewer' })).json().data.status).toBe('waiting');
  });

  it('refuses a file over the limit or of another type before it fills the disk, and leaves nothing behind', async () => {
    const { repair } = await failedInRepair('F-1');
    const before = await count('files');
    let res = await complete(repair, { file: { data: randomBytes(64 * KiB + 1) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: ['The file is larger than 64 KB.'] });
    res = await complete(repair, { file: { data: randomBytes(KiB), type: 'application/zip', name: 'photos.zip' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual({ file: ['This type of file is not accepted here.'] });
    res = await complete(repair, { file: { data: randomBytes(KiB), type: 'application/pdf', name: 'tool.exe' } });
    expect(res.statusCode).toBe(415);
    expect(await count('files')).toBe(before);
    // A PDF report is a repair's file too.
    res = await complete(repair, { file: { data: Buffer.from('%PDF-1.4 report'), type: 'application/pdf', name: 'report.pdf' } });
    expect(res.statusCode).toBe(200);
    expect(await count('files')).toBe(before + 1);
  });

  it('is recorded by operators, engineers and admins of the company; a viewer reads only, another company sees nothing', async () => {
    const { repair } = await failedInRepair('P-1');
    expect((await complete(repair, {}, 'alpha-viewer')).statusCode).toBe(403);
    expect((await complete(repair, {}, 'beta-admin')).statusCode).toBe(404);
    const { repair: theirs } = await failedInRepair('P-2', { production: beta });
    expect((await complete(theirs, {}, 'alpha-admin')).statusCode).toBe(404);
    expect((await complete(repair, {}, 'alpha-engineer')).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/repairs/${repair}/file`, { as: 'alpha-viewer' })).statusCode).toBe(404);
  });
});
