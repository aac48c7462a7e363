import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoResources } from '../../server/seed/demo-resources';
import { createPinType, createResourceType, insertCartridgeType } from './helpers/resources';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Resource types, pin types and the pin map (`/manage/resources`), on the database TEST_DB names. */
describe('resources', () => {
  let t: TestApp;
  let power: number;
  let analog: number;
  let digital: number;
  beforeAll(async () => {
    t = await createTestApp();
    power = await createPinType(t, 'Power');
    analog = await createPinType(t, 'Analog');
    digital = await createPinType(t, 'Digital');
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.call(method, `/v1${url}`, { as: 'root', body });

  describe('pin types', () => {
    it('creates, lists by name, searches, pages and changes pin types', async () => {
      const created = await as('POST', '/pintypes', { name: '  Bus  ', description: 'I2C, SPI, CAN' });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toEqual({
        id: expect.any(Number),
        name: 'Bus',
        description: 'I2C, SPI, CAN',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const list = await as('GET', '/pintypes?limit=2');
      expect(list.json().meta).toEqual({ page: 1, limit: 2, total: 4 });
      expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Analog', 'Bus']);
      const desc = await as('GET', '/pintypes?sortby=name&sortdesc=true&page=2&limit=2');
      expect(desc.json().data.map((p: { name: string }) => p.name)).toEqual(['Bus', 'Analog']);
      const search = await as('GET', '/pintypes?search=spi');
      expect(search.json().data.map((p: { name: string }) => p.name)).toEqual(['Bus']);

      const id = created.json().data.id;
      const changed = await as('PATCH', `/pintypes/${id}`, { name: 'Serial bus' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ name: 'Serial bus', description: 'I2C, SPI, CAN' });
      expect((await as('GET', `/pintypes/${id}`)).json().data.name).toBe('Serial bus');
    });

    it('refuses a missing or taken name on its field, and an unknown sort', async () => {
      const empty = await as('POST', '/pintypes', { name: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({ name: ['Name is required.'] });
      const taken = await as('POST', '/pintypes', { name: 'power' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ name: ['A pin type with this name exists already.'] });
      const renamed = await as('PATCH', `/pintypes/${digital}`, { name: 'ANALOG' });
      expect(renamed.statusCode).toBe(422);
      expect(renamed.json().errors).toEqual({ name: ['A pin type with this name exists already.'] });
      // Its own name in another case is no clash.
      expect((await as('PATCH', `/pintypes/${digital}`, { name: 'Digital' })).statusCode).toBe(200);
      const sort = await as('GET', '/pintypes?sortby=colour');
      expect(sort.statusCode).toBe(422);
      expect(sort.json().errors.sortby).toEqual(['sortby must be one of: id, name, created_at']);
      expect((await as('GET', '/pintypes/999999')).statusCode).toBe(404);
    });

    it('deletes an unused pin type, and refuses one that pins have or resource types allow (409)', async () => {
      const spare = await createPinType(t, 'Spare');
      const gone = await as('DELETE', `/pintypes/${spare}`);
      expect(gone.statusCode).toBe(204);
      expect(gone.body).toBe('');
      expect((await as('GET', `/pintypes/${spare}`)).statusCode).toBe(404);

      const shield = await createPinType(t, 'Shield');
      await createResourceType(t, [shield], 'Shielding');
      await insertCartridgeType(t, [
        { number: 1, name: 'SH1', pin_type_id: shield },
        { number: 2, name: 'SH2', pin_type_id: shield },
      ]);
      const refused = await as('DELETE', `/pintypes/${shield}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Pin type “Shield” is still used by 2 connector pins and 1 resource type; change those first.');
      expect((await as('GET', `/pintypes/${shield}`)).statusCode).toBe(200);
    });
  });

  describe('resource types', () => {
    it('creates one with its allowed pin types and lists them with it', async () => {
      const res = await as('POST', '/resourcetypes', { name: 'Power rail', description: '5 V or 3.3 V', pin_type_ids: [power, analog, power] });
      expect(res.statusCode).toBe(201);
      const rail = res.json().data;
      expect(rail).toEqual({
        id: expect.any(Number),
        name: 'Power rail',
        description: '5 V or 3.3 V',
        pin_types: [
          { id: analog, name: 'Analog' },
          { id: power, name: 'Power' },
        ],
        pin_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const allowed = await as('GET', `/resourcetypes/${rail.id}/pintypes`);
      expect(allowed.json().data).toEqual(rail.pin_types);

      await createResourceType(t, [digital], 'Digital I/O');
      const byPinType = await as('GET', `/resourcetypes?pin_type_id=${power}`);
      expect(byPinType.json().data.map((r: { name: string }) => r.name)).toEqual(['Power rail']);
      const search = await as('GET', '/resourcetypes?search=i/o');
      expect(search.json().data.map((r: { name: string }) => r.name)).toEqual(['Digital I/O']);
      const badFilter = await as('GET', '/resourcetypes?pin_type_id=abc');
      expect(badFilter.statusCode).toBe(422);
      expect(Object.keys(badFilter.json().errors)).toEqual(['pin_type_id']);
    });

    it('refuses a taken name and unknown pin types on their fields', async () => {
      await createResourceType(t, [], 'Voltage sense');
      const taken = await as('POST', '/resourcetypes', { name: 'VOLTAGE SENSE' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ name: ['A resource type with this name exists already.'] });
      const unknown = await as('POST', '/resourcetypes', { name: 'Current sense', pin_type_ids: [analog, 999999] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ pin_type_ids: ['There is no pin type with id 999999.'] });
      // Nothing was written by the refused create.
      expect((await as('GET', '/resourcetypes?search=Current sense')).json().meta.total).toBe(0);
      const notIds = await as('POST', '/resourcetypes', { name: 'Current sense', pin_type_ids: ['1'] });
      expect(notIds.statusCode).toBe(422);
      expect(Object.keys(notIds.json().errors)).toEqual(['pin_type_ids.0']);
    });

    it('sets the allowed pin types with PUT and PATCH', async () => {
      const id = await createResourceType(t, [power], 'Relay drive');
      const put = await as('PUT', `/resourcetypes/${id}/pintypes`, { pin_type_ids: [digital, analog] });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toEqual([
        { id: analog, name: 'Analog' },
        { id: digital, name: 'Digital' },
      ]);
      const patch = await as('PATCH', `/resourcetypes/${id}`, { name: 'Relay driver', pin_type_ids: [] });
      expect(patch.statusCode).toBe(200);
      expect(patch.json().data).toMatchObject({ name: 'Relay driver', pin_types: [] });
      expect((await as('PUT', '/resourcetypes/999999/pintypes', { pin_type_ids: [] })).statusCode).toBe(404);
    });
  });

  describe('pin map', () => {
    it('maps a pin whose pin type is allowed, lists it, and removes it', async () => {
      const rail = await createResourceType(t, [power], 'Aux rail');
      const cartridge = await insertCartridgeType(
        t,
        [
          { number: 2, name: 'VOUT2', pin_type_id: power },
          { number: 10, name: 'VOUT10', pin_type_id: power },
          { number: 3, name: 'SENSE', pin_type_id: analog },
        ],
        'PSU cartridge',
      );
      const [vout2, vout10] = cartridge.pins;
      const choices = await as('GET', `/resourcetypes/${rail}/connectorpins`);
      expect(choices.json().data.map((c: { name: string }) => c.name)).toEqual(['VOUT2', 'VOUT10']);

      const added = await as('POST', `/resourcetypes/${rail}/pinmap`, { connector_pin_id: vout10 });
      expect(added.statusCode).toBe(201);
      expect(added.json().data).toEqual({
        id: expect.any(Number),
        resource_type_id: rail,
        connector_pin_id: vout10,
        cartridge_type_id: cartridge.id,
        cartridge_type_name: 'PSU cartridge',
        pin_number: 10,
        pin_name: 'VOUT10',
        pin_type: { id: power, name: 'Power' },
        created_at: expect.any(String),
      });
      await as('POST', `/resourcetypes/${rail}/pinmap`, { connector_pin_id: vout2 });
      const map = await as('GET', `/resourcetypes/${rail}/pinmap`);
      // By cartridge type, then pin number (2 before 10, not as text).
      expect(map.json().data.map((r: { pin_number: number }) => r.pin_number)).toEqual([2, 10]);
      expect(map.json().meta.total).toBe(2);
      expect((await as('GET', `/resourcetypes/${rail}`)).json().data.pin_count).toBe(2);
      const mapped = await as('GET', `/resourcetypes/${rail}/connectorpins?search=vout1`);
      expect(mapped.json().data).toEqual([expect.objectContaining({ id: vout10, mapped: true })]);

      const removed = await as('DELETE', `/pinmap/${added.json().data.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await as('GET', `/resourcetypes/${rail}/pinmap`)).json().data.map((r: { pin_name: string }) => r.pin_name)).toEqual(['VOUT2']);
      expect((await as('DELETE', `/pinmap/${added.json().data.id}`)).statusCode).toBe(404);
    });

    it('refuses a pin whose pin type the resource type does not allow (422 on the field), and a duplicate (409)', async () => {
      const sense = await createResourceType(t, [analog], 'Sense line');
      const cartridge = await insertCartridgeType(t, [
        { number: 1, name: 'VCC', pin_type_id: power },
        { number: 2, name: 'NC', pin_type_id: null },
        { number: 3, name: 'AIN', pin_type_id: analog },
      ]);
      const [vcc, nc, ain] = cartridge.pins;
      const wrong = await as('POST', `/resourcetypes/${sense}/pinmap`, { connector_pin_id: vcc });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({
        connector_pin_id: ['Connector pin 1 “VCC” is a Power pin, which resource type “Sense line” does not allow.'],
      });
      const untyped = await as('POST', `/resourcetypes/${sense}/pinmap`, { connector_pin_id: nc });
      expect(untyped.statusCode).toBe(422);
      expect(untyped.json().errors).toEqual({
        connector_pin_id: ['Connector pin 2 “NC” has no pin type, so it cannot serve resource type “Sense line”.'],
      });
      const missing = await as('POST', `/resourcetypes/${sense}/pinmap`, {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ connector_pin_id: ['Connector pin is required.'] });
      const unknown = await as('POST', `/resourcetypes/${sense}/pinmap`, { connector_pin_id: 999999 });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ connector_pin_id: ['There is no connector pin with id 999999.'] });
      expect((await as('POST', '/resourcetypes/999999/pinmap', { connector_pin_id: ain })).statusCode).toBe(404);

      expect((await as('POST', `/resourcetypes/${sense}/pinmap`, { connector_pin_id: ain })).statusCode).toBe(201);
      const twice = await as('POST', `/resourcetypes/${sense}/pinmap`, { connector_pin_id: ain });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Connector pin 3 “AIN” is already in the pin map of resource type “Sense line”.');
      // Two at once: one row, one 409, no 5xx.
      const other = await createResourceType(t, [analog]);
      const race = await Promise.all([1, 2].map(() => as('POST', `/resourcetypes/${other}/pinmap`, { connector_pin_id: ain })));
      expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('keeps an allowed pin type while mapped pins have it, and a resource type while its pin map has pins (409)', async () => {
      const io = await createResourceType(t, [digital, analog], 'GPIO');
      const cartridge = await insertCartridgeType(t, [{ number: 5, name: 'IO5', pin_type_id: digital }]);
      const row = (await as('POST', `/resourcetypes/${io}/pinmap`, { connector_pin_id: cartridge.pins[0] })).json().data;

      const drop = await as('PUT', `/resourcetypes/${io}/pintypes`, { pin_type_ids: [analog] });
      expect(drop.statusCode).toBe(422);
      expect(drop.json().errors).toEqual({ pin_type_ids: ['The pin map uses Digital (1 mapped pin): remove those pins from the pin map first.'] });
      expect((await as('GET', `/resourcetypes/${io}/pintypes`)).json().data.map((p: { name: string }) => p.name)).toEqual(['Analog', 'Digital']);
      // Dropping one no mapped pin has is fine.
      expect((await as('PATCH', `/resourcetypes/${io}`, { pin_type_ids: [digital] })).statusCode).toBe(200);

      const refused = await as('DELETE', `/resourcetypes/${io}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Resource type “GPIO” still holds 1 mapped pin; remove it from its pin map first.');
      expect((await as('GET', `/resourcetypes/${io}`)).statusCode).toBe(200);

      expect((await as('DELETE', `/pinmap/${row.id}`)).statusCode).toBe(204);
      expect((await as('DELETE', `/resourcetypes/${io}`)).statusCode).toBe(204);
      expect((await as('GET', `/resourcetypes/${io}`)).statusCode).toBe(404);
      // Its allowed pin types went with it: Digital is free to go if nothing else uses it.
      const uses = await t.db.selectFrom('resource_type_pin_types').select('pin_type_id').where('resource_type_id', '=', io).execute();
      expect(uses).toEqual([]);
    });
  });

  it('seeds the demo’s resources over pin types that exist, maps the pins it finds, and runs twice alike', async () => {
    const ground = await createPinType(t, 'Ground');
    await insertCartridgeType(t, [
      { number: 1, name: 'GND', pin_type_id: ground },
      { number: 2, name: 'I_SHUNT', pin_type_id: analog },
    ]);
    const first = await seedDemoResources(t.db);
    const second = await seedDemoResources(t.db);
    expect(second.pinMap).toBe(0);
    expect(first.pinMap).toBeGreaterThanOrEqual(3);
    const names = async (table: 'pin_types' | 'resource_types') => (await t.db.selectFrom(table).select('name').execute()).map((r) => r.name);
    // The pin types made before (Power, Analog, Digital, Ground) are used, not made twice.
    expect((await names('pin_types')).filter((n) => ['Power', 'Analog', 'Digital', 'Ground', 'Bus'].includes(n)).sort()).toEqual(['Analog', 'Bus', 'Digital', 'Ground', 'Power']);
    const ids = Object.fromEntries((await t.db.selectFrom('resource_types').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    const mapOf = async (name: string) => (await as('GET', `/resourcetypes/${ids[name]}/pinmap?limit=200`)).json().data.map((r: { pin_name: string }) => r.pin_name);
    expect(await mapOf('Ground reference')).toContain('GND');
    expect(await mapOf('Current sense')).toContain('I_SHUNT');
    expect(await mapOf('Waveform input')).toEqual([]);
  });

  it('is the superadmin’s: a company admin gets 403 on reads and writes', async () => {
    expect((await t.call('GET', '/v1/resourcetypes', { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('POST', '/v1/pintypes', { as: 'alpha-admin', body: { name: 'Sneaky' } })).statusCode).toBe(403);
  });
});
