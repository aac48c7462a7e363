import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPin, cartridgeFirmwareForm, createType, uploadCartridgeFirmware } from './helpers/cartridge-types';
import { KiB, MiB, sha256 } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

const LIMIT = MiB;

describe('cartridge types', () => {
  let t: TestApp;
  let dataDir: string;
  let pinTypes: { power: number; ground: number };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-cartridge-types-'));
    t = await createTestApp({ dataDir, fileLimits: { firmware: LIMIT } });
    const now = new Date().toISOString();
    const insert = async (name: string) =>
      (await t.db.insertInto('pin_types').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    pinTypes = { power: await insert('CT Power'), ground: await insert('CT Ground') };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const countFiles = async () => Number((await t.db.selectFrom('files').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('creates, shows and changes a type; a taken name is a 422 on name, in any case', async () => {
    const res = await t.call('POST', '/v1/cartridgetypes', { as: 'root', body: { name: '  CT Alpha  ', description: 'Four-wire sense' } });
    expect(res.statusCode).toBe(201);
    const type = res.json().data;
    expect(type).toEqual({
      id: expect.any(Number),
      name: 'CT Alpha',
      description: 'Four-wire sense',
      pin_count: 0,
      firmware_count: 0,
      latest_firmware: null,
      rated_probe_life_cycles: null,
      cleaning_interval_cycles: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      connector_pins: [],
      pin_types: expect.arrayContaining([{ id: pinTypes.power, name: 'CT Power' }]),
    });

    const dup = await t.call('POST', '/v1/cartridgetypes', { as: 'root', body: { name: 'ct alpha' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['A cartridge type with this name exists already.'] });

    const empty = await t.call('POST', '/v1/cartridgetypes', { as: 'root', body: { name: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is required.'] });

    const other = await createType(t, 'CT Beta');
    const rename = await t.call('PATCH', `/v1/cartridgetypes/${other}`, { as: 'root', body: { name: 'CT ALPHA' } });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['A cartridge type with this name exists already.'] });

    // Its own name in another case is fine.
    const same = await t.call('PATCH', `/v1/cartridgetypes/${type.id}`, { as: 'root', body: { name: 'CT ALPHA', description: '' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'CT ALPHA', description: '' });

    expect((await t.call('GET', '/v1/cartridgetypes/999999', { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('PATCH', '/v1/cartridgetypes/999999', { as: 'root', body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/cartridgetypes/${type.id}`, { as: 'alpha-admin' })).statusCode).toBe(403);
  });

  it('adds, changes and deletes connector pins, refusing a taken number and an unknown pin type', async () => {
    const type = await createType(t, 'CT Pins');
    const add = await t.call('POST', `/v1/cartridgetypes/${type}/connectorpins`, {
      as: 'root',
      body: { number: 2, name: 'VBUS', pin_type_id: pinTypes.power },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toEqual({
      id: expect.any(Number),
      cartridge_type_id: type,
      number: 2,
      name: 'VBUS',
      pin_type_id: pinTypes.power,
      pin_type_name: 'CT Power',
    });
    const gnd = await addPin(t, type, { number: 1, name: 'GND' });

    const taken = await t.call('POST', `/v1/cartridgetypes/${type}/connectorpins`, { as: 'root', body: { number: 2, name: 'X' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ number: ['This cartridge type has a pin with this number already.'] });

    const bad = await t.call('POST', `/v1/cartridgetypes/${type}/connectorpins`, {
      as: 'root',
      body: { number: 3, name: '', pin_type_id: 999999 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: ['Pin name is required.'] });
    const unknownType = await t.call('POST', `/v1/cartridgetypes/${type}/connectorpins`, {
      as: 'root',
      body: { number: 3, name: 'SWDIO', pin_type_id: 999999 },
    });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().errors).toEqual({ pin_type_id: ['There is no pin type with id 999999.'] });
    const fraction = await t.call('POST', `/v1/cartridgetypes/${type}/connectorpins`, { as: 'root', body: { number: 1.5, name: 'A' } });
    expect(fraction.json().errors).toEqual({ number: ['Pin number is a whole number.'] });

    // The same number on another type is fine.
    const elsewhere = await createType(t, 'CT Pins 2');
    expect((await t.call('POST', `/v1/cartridgetypes/${elsewhere}/connectorpins`, { as: 'root', body: { number: 2, name: 'VBUS' } })).statusCode).toBe(201);
    expect((await t.call('POST', '/v1/cartridgetypes/999999/connectorpins', { as: 'root', body: { number: 2, name: 'VBUS' } })).statusCode).toBe(404);

    const change = await t.call('PATCH', `/v1/manage/connectorpins/${gnd}`, { as: 'root', body: { name: 'GND_A', pin_type_id: pinTypes.ground } });
    expect(change.statusCode).toBe(200);
    expect(change.json().data).toMatchObject({ number: 1, name: 'GND_A', pin_type_name: 'CT Ground' });
    const clash = await t.call('PATCH', `/v1/manage/connectorpins/${gnd}`, { as: 'root', body: { number: 2 } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ number: ['This cartridge type has a pin with this number already.'] });
    // Keeping its own number is no clash; null clears the pin type.
    const own = await t.call('PATCH', `/v1/manage/connectorpins/${gnd}`, { as: 'root', body: { number: 1, pin_type_id: null } });
    expect(own.json().data).toMatchObject({ number: 1, pin_type_id: null, pin_type_name: null });

    const shown = (await t.call('GET', `/v1/cartridgetypes/${type}`, { as: 'root' })).json().data;
    expect(shown.pin_count).toBe(2);
    expect(shown.connector_pins.map((p: { number: number; name: string }) => `${p.number} ${p.name}`)).toEqual(['1 GND_A', '2 VBUS']);

    const del = await t.call('DELETE', `/v1/manage/connectorpins/${gnd}`, { as: 'root' });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.call('DELETE', `/v1/manage/connectorpins/${gnd}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/v1/manage/connectorpins/${gnd}`, { as: 'root', body: { name: 'x' } })).statusCode).toBe(404);
  });

  it('refuses to delete a pin the pin map uses (409), naming it', async () => {
    const type = await createType(t, 'CT Mapped');
    const pin = await addPin(t, type, { number: 7, name: 'CAN_H' });
    const now = new Date().toISOString();
    const resource = await t.db.insertInto('resource_types').values({ name: 'CT CAN bus', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('pin_map').values({ resource_type_id: resource.id, connector_pin_id: pin, created_at: now }).execute();
    const res = await t.call('DELETE', `/v1/manage/connectorpins/${pin}`, { as: 'root' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Connector pin “7 CAN_H” still holds 1 pin map entry; remove it from the pin map of the resources first.');
    expect((await t.call('GET', `/v1/cartridgetypes/${type}`, { as: 'root' })).json().data.pin_count).toBe(1);
  });

  it('lists types server-paged, sorted and searched, with counts', async () => {
    const a = await createType(t, 'List CT one', 'probe for SWD');
    const b = await createType(t, 'List CT two');
    await addPin(t, b, { number: 1, name: 'GND' });
    await addPin(t, b, { number: 2, name: 'VBUS' });
    await uploadCartridgeFirmware(t, a, { version: '0.9' });
    await uploadCartridgeFirmware(t, a, { version: '1.0' });

    const names = async (q: string) =>
      (await t.call('GET', `/v1/cartridgetypes?${q}`, { as: 'root' })).json().data.map((c: { name: string }) => c.name);
    expect(await names('search=list%20ct')).toEqual(['List CT one', 'List CT two']);
    expect(await names('search=SWD')).toEqual(['List CT one']);
    expect(await names('search=list%20ct&sortby=name&sortdesc=true')).toEqual(['List CT two', 'List CT one']);
    expect(await names('search=list%20ct&sortby=pin_count&sortdesc=true')).toEqual(['List CT two', 'List CT one']);
    expect(await names('search=list%20ct&sortby=firmware_count&sortdesc=true')).toEqual(['List CT one', 'List CT two']);
    const page = (await t.call('GET', '/v1/cartridgetypes?search=list%20ct&limit=1&page=2', { as: 'root' })).json();
    expect(page.meta).toEqual({ page: 2, limit: 1, total: 2 });
    expect(page.data[0]).toMatchObject({ name: 'List CT two', pin_count: 2, firmware_count: 0, latest_firmware: null });
    const one = (await t.call('GET', '/v1/cartridgetypes?search=SWD', { as: 'root' })).json().data[0];
    expect(one).toMatchObject({ firmware_count: 2, latest_firmware: '1.0' });
    const wrong = await t.call('GET', '/v1/cartridgetypes?sortby=description', { as: 'root' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['sortby']);
  });

  it('uploads firmware, lists it, downloads it byte for byte and deletes it with its file', async () => {
    const type = await createType(t, 'CT Firmware');
    const data = randomBytes(300 * KiB + 5);
    const filesBefore = await countFiles();
    const res = await t.call('POST', `/v1/cartridgetypes/${type}/firmware`, {
      as: 'root',
      body: cartridgeFirmwareForm({ version: ' 2.1.0 ', description: 'CAN-FD', data, name: 'ct-2.1.0.bin' }),
    });
    expect(res.statusCode).toBe(201);
    const firmware = res.json().data;
    expect(firmware).toEqual({
      id: expect.any(Number),
      cartridge_type_id: type,
      version: '2.1.0',
      description: 'CAN-FD',
      firmware_name: 'ct-2.1.0.bin',
      firmware_size: data.length,
      firmware_type: 'application/octet-stream',
      firmware_sha256: sha256(data),
      created_at: expect.any(String),
      created_by: { id: t.userIds.root, username: 'root' },
    });
    expect(await countFiles()).toBe(filesBefore + 1);
    await uploadCartridgeFirmware(t, type, { version: '2.0.0', name: 'older.bin' });

    const list = (await t.call('GET', `/v1/cartridgetypes/${type}/firmware`, { as: 'root' })).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((f: { version: string }) => f.version)).toEqual(['2.0.0', '2.1.0']); // newest first
    const byVersion = (await t.call('GET', `/v1/cartridgetypes/${type}/firmware?sortby=version`, { as: 'root' })).json();
    expect(byVersion.data.map((f: { version: string }) => f.version)).toEqual(['2.0.0', '2.1.0']);
    const searched = (await t.call('GET', `/v1/cartridgetypes/${type}/firmware?search=can-fd`, { as: 'root' })).json();
    expect(searched.data.map((f: { version: string }) => f.version)).toEqual(['2.1.0']);
    expect((await t.call('GET', '/v1/cartridgetypes/999999/firmware', { as: 'root' })).statusCode).toBe(404);

    const download = await t.call('GET', `/v1/firmware/${firmware.id}`, { as: 'root' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(data.length));
    expect(download.headers['content-disposition']).toContain('ct-2.1.0.bin');
    expect(download.rawPayload.equals(data)).toBe(true);

    const before = await countFiles();
    const del = await t.call('DELETE', `/v1/firmware/${firmware.id}`, { as: 'root' });
    expect(del.statusCode).toBe(204);
    expect(await countFiles()).toBe(before - 1);
    expect((await t.call('GET', `/v1/firmware/${firmware.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/firmware/${firmware.id}`, { as: 'root' })).statusCode).toBe(404);
  });

  it('refuses a taken version (409 on version), too large (413), a wrong type (415) and missing fields (422), keeping no file', async () => {
    const type = await createType(t, 'CT Refusals');
    await uploadCartridgeFirmware(t, type, { version: '1.0.0' });
    const before = await countFiles();
    const upload = (form: Parameters<typeof cartridgeFirmwareForm>[0]) =>
      t.call('POST', `/v1/cartridgetypes/${type}/firmware`, { as: 'root', body: cartridgeFirmwareForm(form) });

    const taken = await upload({ version: '1.0.0', data: randomBytes(KiB) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'This cartridge type has firmware with this version already.',
      errors: { version: ['This cartridge type has firmware with this version already.'] },
    });

    const big = await upload({ version: 'big', data: randomBytes(LIMIT + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ firmware: ['The file is larger than 1 MB.'] });

    const pdf = await upload({ version: 'pdf', data: randomBytes(KiB), type: 'application/pdf', name: 'x.pdf' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().errors).toEqual({ firmware: ['This type of file is not accepted here.'] });

    const nothing = await upload({});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ version: ['Version is required.'], firmware: ['Choose a file.'] });

    expect(await countFiles()).toBe(before);
    const unknown = await t.call('POST', '/v1/cartridgetypes/999999/firmware', { as: 'root', body: cartridgeFirmwareForm({ version: '1', data: randomBytes(KiB) }) });
    expect(unknown.statusCode).toBe(404);
    expect(await countFiles()).toBe(before);
    // The same version on another type is fine.
    const other = await createType(t, 'CT Refusals 2');
    expect(await uploadCartridgeFirmware(t, other, { version: '1.0.0' })).toEqual(expect.any(Number));
  });

  it('deletes a type with its pins, and refuses while cartridges or firmware refer to it (409)', async () => {
    const type = await createType(t, 'CT Doomed');
    const pin = await addPin(t, type, { number: 1, name: 'GND' });
    const firmware = await uploadCartridgeFirmware(t, type, { version: '1' });
    const now = new Date().toISOString();
    await t.db.insertInto('cartridges').values({ serial: 'CT-DOOMED-1', cartridge_type_id: type, created_at: now, updated_at: now }).execute();

    const refused = await t.call('DELETE', `/v1/cartridgetypes/${type}`, { as: 'root' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cartridge type “CT Doomed” still holds 1 cartridge and 1 firmware version; delete or move them first.');

    await t.db.deleteFrom('cartridges').where('serial', '=', 'CT-DOOMED-1').execute();
    expect((await t.call('DELETE', `/v1/firmware/${firmware}`, { as: 'root' })).statusCode).toBe(204);
    const del = await t.call('DELETE', `/v1/cartridgetypes/${type}`, { as: 'root' });
    expect(del.statusCode).toBe(204);
    expect((await t.call('GET', `/v1/cartridgetypes/${type}`, { as: 'root' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('connector_pins').select('id').where('id', '=', pin).executeTakeFirst()).toBeUndefined();
    expect((await t.call('DELETE', `/v1/cartridgetypes/${type}`, { as: 'root' })).statusCode).toBe(404);
  });
});
