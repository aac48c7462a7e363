import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../contract/cartridges';
import { calibrationForm, createCartridge, insertCartridgeType, insertCassette, recordCalibration } from './helpers/cartridges';
import { KiB, MiB } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('cartridges', () => {
  let t: TestApp;
  let typeA: number;
  let typeB: number;

  beforeAll(async () => {
    t = await createTestApp({ fileLimits: { certificate: MiB } });
    typeA = await insertCartridgeType(t, 'MC-200 bed-of-nails');
    typeB = await insertCartridgeType(t, 'PSU-40 fixture');
  });
  afterAll(async () => t?.close());

  const count = async (table: 'files' | 'calibrations' | 'cartridges') =>
    Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('registers a cartridge in a cassette bay, shows it, and lists it', async () => {
    const cassette = await insertCassette(t, { serial: 'CS-SHOW', bays: 3 });
    const res = await t.call('POST', '/v1/cartridges', {
      as: 'root',
      body: { serial: '  CR-SHOW-1 ', cartridge_type_id: typeA, cassette_id: cassette, bay: 3 },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      serial: 'CR-SHOW-1',
      cartridge_type: { id: typeA, name: 'MC-200 bed-of-nails' },
      cassette: { id: cassette, serial: 'CS-SHOW', name: 'Cassette CS-SHOW', cartridge_bays: 3 },
      bay: 3,
      calibration_due_at: null,
      calibration_status: 'overdue',
      cycles: { contact_cycles: 0, rated_probe_life_cycles: null, cleaning_interval_cycles: null, life_used_cycles: 0, life_used_share: null, since_cleaning_cycles: 0, life_status: null, cleaning_status: null, status: 'ok' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const one = await t.call('GET', `/v1/cartridges/${created.id}`, { as: 'root' });
    expect(one.json().data).toEqual(created);
    const list = await t.call('GET', '/v1/cartridges?search=show-1', { as: 'root' });
    expect(list.json()).toEqual({ data: [created], meta: { page: 1, limit: 25, total: 1 } });
  });

  it('refuses a bad cartridge with its fields', async () => {
    const cassette = await insertCassette(t, { bays: 2 });
    await createCartridge(t, { serial: 'CR-TAKEN', cartridge_type_id: typeA });
    const post = (body: object) => t.call('POST', '/v1/cartridges', { as: 'root', body });

    let res = await post({ serial: ' ', cartridge_type_id: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ serial: ['Serial is required.'], cartridge_type_id: ['Cartridge type id is a whole number, not "x".'] });

    res = await post({ serial: 'cr-taken', cartridge_type_id: typeA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ serial: ['A cartridge with serial “cr-taken” exists already.'] });

    res = await post({ serial: 'CR-NEW', cartridge_type_id: 999999, cassette_id: 999999, bay: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      cartridge_type_id: ['There is no cartridge type with id 999999.'],
      cassette_id: ['There is no cassette with id 999999.'],
    });

    res = await post({ serial: 'CR-NEW', cartridge_type_id: typeA, cassette_id: cassette, bay: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.bay[0]).toMatch(/has bays 1 to 2\.$/);

    res = await post({ serial: 'CR-NEW', cartridge_type_id: typeA, cassette_id: cassette });
    expect(res.json().errors).toEqual({ bay: ['Bay is required in a cassette.'] });
    res = await post({ serial: 'CR-NEW', cartridge_type_id: typeA, bay: 1 });
    expect(res.json().errors).toEqual({ bay: ['A bay needs a cassette.'] });
    res = await post({ serial: 'CR-NEW', cartridge_type_id: typeA, cassette_id: cassette, bay: 0 });
    expect(res.json().errors).toEqual({ bay: ['Bay is at least 1.'] });
    expect((await t.db.selectFrom('cartridges').select('id').where('serial', '=', 'CR-NEW').execute()).length).toBe(0);
  });

  it('refuses a taken bay with 409, on create and on a move', async () => {
    const cassette = await insertCassette(t, { serial: 'CS-BUSY', bays: 2 });
    await createCartridge(t, { serial: 'CR-IN-BAY-1', cartridge_type_id: typeA, cassette_id: cassette, bay: 1 });
    const res = await t.call('POST', '/v1/cartridges', { as: 'root', body: { serial: 'CR-WANTS-1', cartridge_type_id: typeA, cassette_id: cassette, bay: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Bay 1 of cassette “CS-BUSY” holds cartridge “CR-IN-BAY-1”; move it first.');

    const other = await createCartridge(t, { serial: 'CR-IN-BAY-2', cartridge_type_id: typeA, cassette_id: cassette, bay: 2 });
    const move = await t.call('PATCH', `/v1/cartridges/${other}`, { as: 'root', body: { bay: 1 } });
    expect(move.statusCode).toBe(409);
    expect((await t.call('GET', `/v1/cartridges/${other}`, { as: 'root' })).json().data.bay).toBe(2);
    // Its own bay is no conflict; out of the cassette frees the bay.
    expect((await t.call('PATCH', `/v1/cartridges/${other}`, { as: 'root', body: { bay: 2, cartridge_type_id: typeB } })).statusCode).toBe(200);
    const out = await t.call('PATCH', `/v1/cartridges/${other}`, { as: 'root', body: { cassette_id: null } });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ cassette: null, bay: null, cartridge_type: { id: typeB } });
  });

  it('answers 404 for a cartridge or calibration that does not exist, and 403 to a company admin', async () => {
    for (const url of ['/v1/cartridges/999999', '/v1/cartridges/999999/calibrations', '/v1/calibrations/999999', '/v1/calibrations/999999/certificate']) {
      expect((await t.call('GET', url, { as: 'root' })).statusCode).toBe(404);
    }
    expect((await t.call('PATCH', '/v1/cartridges/999999', { as: 'root', body: { serial: 'X' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/v1/cartridges/999999', { as: 'root' })).statusCode).toBe(404);
    const before = await count('files');
    const res = await t.call('POST', '/v1/cartridges/999999/calibrations', {
      as: 'root',
      body: calibrationForm({ calibrated_at: '2026-01-01', due_at: '2027-01-01', result: 'pass', certificate: { data: randomBytes(KiB) } }),
    });
    expect(res.statusCode).toBe(404);
    expect(await count('files')).toBe(before);
    expect((await t.call('GET', '/v1/cartridges', { as: 'alpha-admin' })).statusCode).toBe(403);
  });

  it('filters by calibration status at the 30-day boundary, computed from today', async () => {
    const today = todayUtc();
    const cases: [string, string | null, string][] = [
      ['B-PAST', addDays(today, -1), 'overdue'],
      ['B-NEVER', null, 'overdue'],
      ['B-TODAY', today, 'due_soon'],
      ['B-29', addDays(today, 29), 'due_soon'],
      ['B-30', addDays(today, 30), 'due_soon'],
      ['B-31', addDays(today, 31), 'ok'],
    ];
    for (const [serial, due] of cases) {
      const id = await createCartridge(t, { serial, cartridge_type_id: typeB });
      await t.db.updateTable('cartridges').set({ calibration_due_at: due }).where('id', '=', id).execute();
    }
    const serials = async (query: string) => {
      const res = await t.call('GET', `/v1/cartridges?search=B-&sortby=serial&${query}`, { as: 'root' });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((c: { serial: string; calibration_status: string }) => `${c.serial}:${c.calibration_status}`);
    };
    expect(await serials('status=overdue')).toEqual(['B-NEVER:overdue', 'B-PAST:overdue']);
    expect(await serials('status=due_soon')).toEqual(['B-29:due_soon', 'B-30:due_soon', 'B-TODAY:due_soon']);
    expect(await serials('status=ok')).toEqual(['B-31:ok']);
    expect(await serials('')).toHaveLength(6);
    // The type filter, the default order (never calibrated, then soonest due) and a bad filter.
    expect((await serials(`cartridge_type_id=${typeA}`)).length).toBe(0);
    const byDue = await t.call('GET', '/v1/cartridges?search=B-', { as: 'root' });
    expect(byDue.json().data.map((c: { serial: string }) => c.serial)).toEqual(['B-NEVER', 'B-PAST', 'B-TODAY', 'B-29', 'B-30', 'B-31']);
    const bad = await t.call('GET', '/v1/cartridges?status=late&cassette_id=abc', { as: 'root' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cassette_id', 'status']);
  });

  it('filters by cassette', async () => {
    const cassette = await insertCassette(t, { bays: 4 });
    const inIt = await createCartridge(t, { cartridge_type_id: typeA, cassette_id: cassette, bay: 4 });
    const res = await t.call('GET', `/v1/cartridges?cassette_id=${cassette}`, { as: 'root' });
    expect(res.json().data.map((c: { id: number }) => c.id)).toEqual([inIt]);
  });

  it('records a calibration with values and a certificate, moves the due date, and downloads the certificate byte for byte', async () => {
    const id = await createCartridge(t, { serial: 'CR-CAL', cartridge_type_id: typeA });
    const data = randomBytes(200 * KiB + 5);
    const due = addDays(todayUtc(), 365);
    const res = await t.call('POST', `/v1/cartridges/${id}/calibrations`, {
      as: 'root',
      body: calibrationForm({
        calibrated_at: todayUtc(),
        due_at: due,
        result: 'pass',
        values: JSON.stringify([{ name: 'R_contact', value: 0.012, unit: 'Ω' }, { name: 'Leakage', value: 3 }]),
        notes: ' Lab 2 ',
        certificate: { data, type: 'application/pdf', name: 'Zertifikat ü.pdf' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const calibration = res.json().data;
    expect(calibration).toEqual({
      id: expect.any(Number),
      cartridge_id: id,
      calibrated_at: todayUtc(),
      due_at: due,
      result: 'pass',
      values: [
        { name: 'R_contact', value: 0.012, unit: 'Ω' },
        { name: 'Leakage', value: 3, unit: '' },
      ],
      notes: 'Lab 2',
      certificate: { name: 'Zertifikat ü.pdf', size: data.length, type: 'application/pdf' },
      created_by: { id: t.userIds.root, username: 'root' },
      created_at: expect.any(String),
    });
    expect((await t.call('GET', `/v1/calibrations/${calibration.id}`, { as: 'root' })).json().data).toEqual(calibration);
    const cartridge = (await t.call('GET', `/v1/cartridges/${id}`, { as: 'root' })).json().data;
    expect(cartridge).toMatchObject({ calibration_due_at: due, calibration_status: 'ok' });

    const download = await t.call('GET', `/v1/calibrations/${calibration.id}/certificate`, { as: 'root' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(data.length));
    expect(download.rawPayload.equals(data)).toBe(true);

    // An older calibration recorded later does not pull the due date back; the newest counts.
    await recordCalibration(t, id, { calibrated_at: '2020-01-01', due_at: '2020-06-01', result: 'fail' });
    expect((await t.call('GET', `/v1/cartridges/${id}`, { as: 'root' })).json().data.calibration_due_at).toBe(due);
    const list = await t.call('GET', `/v1/cartridges/${id}/calibrations`, { as: 'root' });
    expect(list.json().data.map((c: { calibrated_at: string; certificate: unknown }) => [c.calibrated_at, c.certificate === null])).toEqual([
      [todayUtc(), false],
      ['2020-01-01', true],
    ]);
    // A calibration without a certificate has nothing to download.
    const none = list.json().data[1].id;
    expect((await t.call('GET', `/v1/calibrations/${none}/certificate`, { as: 'root' })).statusCode).toBe(404);
  });

  it('refuses a bad calibration with its fields and keeps nothing', async () => {
    const id = await createCartridge(t, { cartridge_type_id: typeA });
    const before = { files: await count('files'), calibrations: await count('calibrations') };
    const post = (form: Parameters<typeof calibrationForm>[0]) =>
      t.call('POST', `/v1/cartridges/${id}/calibrations`, { as: 'root', body: calibrationForm(form) });

    let res = await post({ calibrated_at: '2026-02-30', due_at: '2026-01-01', result: 'maybe', certificate: { data: randomBytes(KiB) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      calibrated_at: ['Calibration date is a date as YYYY-MM-DD.'],
      result: ['Result must be one of Pass or Fail.'],
    });

    res = await post({ calibrated_at: '2026-03-01', due_at: '2026-03-01', result: 'maybe' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ due_at: ['Due date must be after the calibration date.'], result: ['Result must be one of Pass or Fail.'] });

    res = await post({ calibrated_at: '2026-03-01', due_at: '2026-04-01', result: 'pass', values: '[{"name":"","value":"1"}]' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'values.0.name': ['Name is required.'], 'values.0.value': ['Value is a number, not "1".'] });

    res = await post({ due_at: '2026-03-01', result: 'pass', values: 'not json' });
    expect(res.json().errors).toEqual({ calibrated_at: ['Calibration date is required.'], values: ['Values are JSON: [{ "name", "value", "unit" }].'] });

    res = await post({ calibrated_at: '2026-03-01', due_at: '2027-03-01', result: 'pass', certificate: { data: randomBytes(KiB), type: 'text/html', name: 'x.html' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual({ certificate: ['This type of file is not accepted here.'] });

    res = await post({ calibrated_at: '2026-03-01', due_at: '2027-03-01', result: 'pass', certificate: { data: randomBytes(MiB + 1) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ certificate: ['The file is larger than 1 MB.'] });

    expect({ files: await count('files'), calibrations: await count('calibrations') }).toEqual(before);
    expect((await t.call('GET', `/v1/cartridges/${id}`, { as: 'root' })).json().data.calibration_due_at).toBeNull();

    // An image is a certificate too.
    res = await post({ calibrated_at: '2026-03-01', due_at: '2027-03-01', result: 'pass', certificate: { data: randomBytes(KiB), type: 'image/png', name: 'c.png' } });
    expect(res.statusCode).toBe(201);
  });

  it('deletes a cartridge with its calibrations and their certificates', async () => {
    const id = await createCartridge(t, { cartridge_type_id: typeA });
    await recordCalibration(t, id, { certificate: { data: randomBytes(KiB) } });
    const before = { files: await count('files'), calibrations: await count('calibrations'), cartridges: await count('cartridges') };
    const res = await t.call('DELETE', `/v1/cartridges/${id}`, { as: 'root' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('GET', `/v1/cartridges/${id}`, { as: 'root' })).statusCode).toBe(404);
    expect({ files: await count('files'), calibrations: await count('calibrations'), cartridges: await count('cartridges') }).toEqual({
      files: before.files - 1,
      calibrations: before.calibrations - 1,
      cartridges: before.cartridges - 1,
    });
  });
});
