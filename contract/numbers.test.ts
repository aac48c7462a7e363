import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors';
import { listQuerySchema, MAX_PAGE_SIZE } from './list-query';
import { countField, idField, idListField, idQueryField, MAX_ID, queryIntField, realField, shown } from './numbers';

/** The 422 a body or query gets: field key → messages (what the server and forms show). */
function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : toFieldErrors(result.error);
}

describe('idField', () => {
  const body = z.object({ manufacturer_id: idField('manufacturer') });

  it('takes whole numbers from 1 to 2^31-1', () => {
    expect(body.parse({ manufacturer_id: 1 })).toEqual({ manufacturer_id: 1 });
    expect(body.parse({ manufacturer_id: MAX_ID })).toEqual({ manufacturer_id: 2 ** 31 - 1 });
  });

  it.each([2 ** 31, 2 ** 40, 2 ** 53, 1e300, 0, -1])('answers %s as naming no row, on the field', (value) => {
    expect(errorsOf(body, { manufacturer_id: value })).toEqual({
      manufacturer_id: [`There is no manufacturer with id ${value}.`],
    });
  });

  it.each([
    ['3', '"3"'],
    [true, 'true'],
    [null, 'null'],
    [[1], '[1]'],
    [{ id: 1 }, '{"id":1}'],
    [1.5, '1.5'],
  ])('refuses %j instead of coercing it', (value, seen) => {
    expect(errorsOf(body, { manufacturer_id: value })).toEqual({
      manufacturer_id: [`Manufacturer id is a whole number, not ${seen}.`],
    });
  });

  it('says a missing id is required, in its own words when given', () => {
    expect(errorsOf(body, {})).toEqual({ manufacturer_id: ['Manufacturer is required.'] });
    const custom = z.object({ production_batch_id: idField('production batch', { required: 'Target batch is required.' }) });
    expect(errorsOf(custom, {})).toEqual({ production_batch_id: ['Target batch is required.'] });
  });
});

describe('idListField', () => {
  const body = z.object({ add: idListField('device', { max: 3, maxMessage: 'At most 3.' }).optional() });

  it('takes a list of whole numbers in the id range, as they are', () => {
    expect(body.parse({ add: [1, 5, MAX_ID] })).toEqual({ add: [1, 5, MAX_ID] });
    expect(body.parse({ add: [] })).toEqual({ add: [] });
  });

  it.each([
    [[true], 'add.0', 'Device ids are whole numbers, not true.'],
    [['3'], 'add.0', 'Device ids are whole numbers, not "3".'],
    [[[1]], 'add.0', 'Device ids are whole numbers, not [1].'],
    [[1, null], 'add.1', 'Device ids are whole numbers, not null.'],
    [[2.5], 'add.0', 'Device ids are whole numbers, not 2.5.'],
    [[2 ** 31], 'add.0', 'There is no device with id 2147483648.'],
    [[0], 'add.0', 'There is no device with id 0.'],
  ])('refuses %j item by item, never coercing', (add, key, message) => {
    expect(errorsOf(body, { add })).toEqual({ [key]: [message] });
  });

  it('refuses what is not a list, and too long a list, on the field itself', () => {
    expect(errorsOf(body, { add: 'all' })).toEqual({ add: ['A list of device ids.'] });
    expect(errorsOf(body, { add: null })).toEqual({ add: ['A list of device ids.'] });
    expect(errorsOf(body, { add: { 0: 1 } })).toEqual({ add: ['A list of device ids.'] });
    expect(errorsOf(body, { add: [1, 2, 3, 4] })).toEqual({ add: ['At most 3.'] });
  });

  it('applies a least count with its message', () => {
    const roles = z.object({ role_ids: idListField('role', { min: 1, minMessage: 'Pick at least one role.', max: 20, error: 'Pick at least one role.' }) });
    expect(errorsOf(roles, { role_ids: [] })).toEqual({ role_ids: ['Pick at least one role.'] });
    expect(errorsOf(roles, {})).toEqual({ role_ids: ['Pick at least one role.'] });
    expect(errorsOf(roles, { role_ids: [true] })).toEqual({ 'role_ids.0': ['Role ids are whole numbers, not true.'] });
  });
});

describe('countField', () => {
  const body = z.object({ planned_quantity: countField('Planned quantity', { min: 1, max: 10_000_000, minMessage: 'Plan at least one board.' }) });

  it('takes whole numbers in its range', () => {
    expect(body.parse({ planned_quantity: 10_000_000 }).planned_quantity).toBe(10_000_000);
  });

  it.each([
    [2 ** 31, 'Planned quantity is at most 10,000,000.'],
    [2 ** 53, 'Planned quantity is at most 10,000,000.'],
    [0, 'Plan at least one board.'],
    [-5, 'Plan at least one board.'],
    [1.5, 'Planned quantity is a whole number.'],
    ['100', 'Planned quantity is a whole number.'],
    [true, 'Planned quantity is a whole number.'],
    [null, 'Planned quantity is a whole number.'],
    [undefined, 'Planned quantity is required.'],
  ])('answers %j with one message on the field', (value, message) => {
    expect(errorsOf(body, { planned_quantity: value })).toEqual({ planned_quantity: [message] });
  });

  it('refuses to be built wider than a 32-bit column', () => {
    expect(() => countField('Huge', { min: 0, max: 2 ** 31 })).toThrow(/32-bit/);
  });
});

describe('realField', () => {
  const step = z.object({ value: realField('value').nullable().optional() });

  it('takes any finite number, null or nothing', () => {
    expect(step.parse({ value: -1e300 })).toEqual({ value: -1e300 });
    expect(step.parse({ value: null })).toEqual({ value: null });
    expect(step.parse({})).toEqual({});
  });

  it.each([Infinity, NaN, '3.3', true, [1]])('refuses %j', (value) => {
    expect(Object.keys(errorsOf(step, { value }) ?? {})).toEqual(['value']);
  });
});

describe('query numbers', () => {
  const query = z.object({ batch_id: idQueryField('production batch').optional() });

  it('reads digits only', () => {
    expect(query.parse({ batch_id: '3' })).toEqual({ batch_id: 3 });
    expect(query.parse({ batch_id: '0003' })).toEqual({ batch_id: 3 });
    expect(query.parse({ batch_id: String(MAX_ID) })).toEqual({ batch_id: MAX_ID });
    expect(query.parse({})).toEqual({});
  });

  it.each(['true', '', '1e3', '0x10', ' 3', '3 ', '-1', '1.0', 'Infinity'])('refuses %j instead of coercing it', (value) => {
    expect(errorsOf(query, { batch_id: value })).toEqual({
      batch_id: [`Production batch ids are whole numbers, not ${JSON.stringify(value)}.`],
    });
  });

  it('refuses a repeated parameter (an array) and a number past the id range', () => {
    expect(Object.keys(errorsOf(query, { batch_id: ['1', '2'] }) ?? {})).toEqual(['batch_id']);
    expect(errorsOf(query, { batch_id: '2147483648' })).toEqual({ batch_id: ['There is no production batch with id 2147483648.'] });
    expect(errorsOf(query, { batch_id: '0' })).toEqual({ batch_id: ['There is no production batch with id 0.'] });
  });

  it('has a generic wording when no row is named', () => {
    expect(errorsOf(z.object({ id: idQueryField() }), { id: 'x' })).toEqual({ id: ['Ids are whole numbers, not "x".'] });
  });

  it('describes itself to OpenAPI as a string of digits', () => {
    const schema = z.toJSONSchema(z.object({ n: queryIntField('n', { min: 1, max: 9, minMessage: '', maxMessage: () => '' }) }), { io: 'input' });
    expect(schema.properties?.n).toEqual({ type: 'string', pattern: '^[0-9]+$' });
  });
});

describe('listQuerySchema paging', () => {
  const list = listQuerySchema(['id']);

  it('defaults page and limit, and reads digits', () => {
    expect(list.parse({})).toMatchObject({ page: 1, limit: 25 });
    expect(list.parse({ page: '3', limit: '200' })).toMatchObject({ page: 3, limit: 200 });
  });

  it.each([
    [{ page: String(2 ** 53) }, 'page', `Page ${2 ** 53} is past the last page.`],
    [{ page: '99999999999999' }, 'page', 'Page 99999999999999 is past the last page.'],
    [{ page: '2147483648' }, 'page', 'Page 2147483648 is past the last page.'],
    [{ page: '0' }, 'page', 'page starts at 1'],
    [{ page: '1e3' }, 'page', 'page is a whole number, not "1e3".'],
    [{ page: 'true' }, 'page', 'page is a whole number, not "true".'],
    [{ limit: '1e9' }, 'limit', 'limit is a whole number, not "1e9".'],
    [{ limit: '1000000000' }, 'limit', `limit is at most ${MAX_PAGE_SIZE}`],
    [{ limit: '0' }, 'limit', 'limit is at least 1'],
    [{ limit: '' }, 'limit', 'limit is a whole number, not "".'],
  ])('answers %j on its field', (input, key, message) => {
    expect(errorsOf(list, input)).toEqual({ [key]: [message] });
  });
});

describe('shown', () => {
  it('renders a wrong value briefly', () => {
    expect(shown('3')).toBe('"3"');
    expect(shown(undefined)).toBe('nothing');
    expect(shown(Array.from({ length: 50 }, () => 1))).toMatch(/^\[1,1,.*…$/);
    expect(shown(Array.from({ length: 50 }, () => 1)).length).toBeLessThanOrEqual(21);
  });
});
