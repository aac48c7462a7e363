import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let types: { id: number; slug: string; name: string }[];
const typeId = (slug: string) => types.find((ty) => ty.slug === slug)!.id;

beforeAll(async () => {
  t = await createTestApp();
  types = (await t.call('GET', '/v1/testfunctiontypes', { as: 'root' })).json().data;
});
afterAll(() => t?.close());

const post = (body: unknown, as = 'root') => t.call('POST', '/v1/testfunctions', { as, body });
const patch = (id: number, body: unknown, as = 'root') => t.call('PATCH', `/v1/testfunctions/${id}`, { as, body });

describe('test functions', () => {
  it('lists the four seeded types', () => {
    expect(types.map((ty) => ty.slug)).toEqual(['measurement', 'programming', 'boundary_scan', 'functional']);
    expect(types.map((ty) => ty.name)).toEqual(['Measurement', 'Programming', 'Boundary scan', 'Functional']);
  });

  it('creates one with parameters, shows it, and changes it', async () => {
    const res = await post({
      name: '  Supply current  ',
      test_function_type_id: typeId('measurement'),
      description: 'Current drawn from the bench supply.',
      parameters: [
        { name: 'Idle current', unit: 'mA', default_low: 5, default_high: 20 },
        { name: 'Peak current', unit: 'mA', default_low: null, default_high: 250 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Supply current',
      description: 'Current drawn from the bench supply.',
      type: { id: typeId('measurement'), slug: 'measurement', name: 'Measurement' },
      parameters: [
        { name: 'Idle current', unit: 'mA', default_low: 5, default_high: 20 },
        { name: 'Peak current', unit: 'mA', default_low: null, default_high: 250 },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const one = await t.call('GET', `/v1/testfunctions/${created.id}`, { as: 'root' });
    expect(one.json().data).toEqual(created);

    const changed = await patch(created.id, {
      test_function_type_id: typeId('functional'),
      parameters: [{ name: 'Idle current', unit: 'µA', default_low: 500, default_high: 900 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Supply current',
      description: 'Current drawn from the bench supply.',
      type: { slug: 'functional' },
      parameters: [{ name: 'Idle current', unit: 'µA', default_low: 500, default_high: 900 }],
    });
  });

  it('refuses a taken name in any case, on create and on rename', async () => {
    const a = (await post({ name: 'Rail voltage 3V3', test_function_type_id: typeId('measurement') })).json().data;
    const b = (await post({ name: 'Rail voltage 5V', test_function_type_id: typeId('measurement') })).json().data;
    const dup = await post({ name: 'rail VOLTAGE 3v3', test_function_type_id: typeId('measurement') });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['A test function with this name exists already.'] });
    const rename = await patch(b.id, { name: 'Rail voltage 3V3' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['A test function with this name exists already.'] });
    // Its own name is no clash.
    expect((await patch(a.id, { name: 'Rail voltage 3V3', description: 'x' })).statusCode).toBe(200);
  });

  it('refuses missing fields, an unknown type and limits the wrong way round, on their fields', async () => {
    const empty = await post({ name: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is required.'], test_function_type_id: ['Type is required.'] });

    const unknown = await post({ name: 'Ghost', test_function_type_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ test_function_type_id: ['There is no test function type with id 999999.'] });

    const rows = await post({
      name: 'Backwards',
      test_function_type_id: typeId('measurement'),
      parameters: [
        { name: 'Fine', unit: 'V', default_low: 1, default_high: 2 },
        { name: 'Backwards', unit: 'V', default_low: 3.4, default_high: 3.2 },
        { name: 'fine', unit: 'V', default_low: 'low' },
      ],
    });
    expect(rows.statusCode).toBe(422);
    expect(rows.json().errors).toEqual({
      'parameters.1.default_high': ['Default high must not be below default low.'],
      'parameters.2.default_low': ['Default low is a number, not "low".'],
    });
    const list = await t.call('GET', '/v1/testfunctions?search=Backwards', { as: 'root' });
    expect(list.json().meta.total).toBe(0);
  });

  it('pages, sorts, searches by name and filters by type', async () => {
    for (const [name, slug] of [
      ['Paging JTAG chain check', 'boundary_scan'],
      ['Paging flash MCU firmware', 'programming'],
      ['Paging CAN loopback', 'functional'],
    ] as const) {
      expect((await post({ name, test_function_type_id: typeId(slug) })).statusCode).toBe(201);
    }
    const byName = await t.call('GET', '/v1/testfunctions?search=paging&sortby=name', { as: 'root' });
    expect(byName.json().data.map((f: { name: string }) => f.name)).toEqual([
      'Paging CAN loopback',
      'Paging flash MCU firmware',
      'Paging JTAG chain check',
    ]);
    const page2 = await t.call('GET', '/v1/testfunctions?search=paging&sortby=name&sortdesc=true&limit=2&page=2', { as: 'root' });
    expect(page2.json().data.map((f: { name: string }) => f.name)).toEqual(['Paging CAN loopback']);
    expect(page2.json().meta).toMatchObject({ total: 3 });
    const scans = await t.call('GET', `/v1/testfunctions?search=paging&type_id=${typeId('boundary_scan')}`, { as: 'root' });
    expect(scans.json().data.map((f: { name: string }) => f.name)).toEqual(['Paging JTAG chain check']);
    const bad = await t.call('GET', '/v1/testfunctions?sortby=description', { as: 'root' });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes one (204, then 404) and is closed to company people', async () => {
    const fn = (await post({ name: 'Doomed function', test_function_type_id: typeId('functional') })).json().data;
    expect((await t.call('GET', `/v1/testfunctions/${fn.id}`, { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await patch(fn.id, { name: 'Mine now' }, 'alpha-admin')).statusCode).toBe(403);
    const gone = await t.call('DELETE', `/v1/testfunctions/${fn.id}`, { as: 'root' });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.call('GET', `/v1/testfunctions/${fn.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/testfunctions/${fn.id}`, { as: 'root' })).statusCode).toBe(404);
    expect((await patch(fn.id, { name: 'Back' })).statusCode).toBe(404);
  });
});
