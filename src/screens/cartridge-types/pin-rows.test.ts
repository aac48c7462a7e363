import { describe, expect, it } from 'vitest';
import type { ConnectorPin } from '../../../contract/cartridge-types';
import { cartridgeTypeFormSchema, emptyPinRow, pinChanges, toInput } from './pin-rows';

const pin = (id: number, number: number, name: string, pin_type_id: number | null = null): ConnectorPin => ({
  id,
  cartridge_type_id: 1,
  number,
  name,
  pin_type_id,
  pin_type_name: null,
});

describe('pinChanges', () => {
  it('finds removed, changed (only what changed) and added rows, by row index', () => {
    const saved = [pin(1, 1, 'GND'), pin(2, 2, 'VBUS', 5), pin(3, 3, 'SWDIO')];
    const changes = pinChanges(saved, [
      { id: 1, number: 1, name: 'GND', pin_type_id: null },
      { id: 3, number: 3, name: 'SWDIO', pin_type_id: 7 },
      { id: null, number: 4, name: 'SWCLK', pin_type_id: null },
    ]);
    expect(changes.removed.map((p) => p.id)).toEqual([2]);
    expect(changes.changed).toEqual([{ index: 1, id: 3, changes: { pin_type_id: 7 } }]);
    expect(changes.added).toEqual([{ index: 2, body: { number: 4, name: 'SWCLK', pin_type_id: null } }]);
  });

  it('treats a row whose pin is gone from the server as new', () => {
    expect(pinChanges([], [{ id: 9, number: 1, name: 'A', pin_type_id: null }]).added).toHaveLength(1);
  });
});

describe('the form schema', () => {
  const values = (pins: { number: string; name: string }[]) =>
    toInput({ name: 'T', description: '', rated_probe_life_cycles: '', cleaning_interval_cycles: '', pins: pins.map((p) => ({ id: null, pin_type_id: '', ...p })) });

  it('refuses a number twice across rows, on the later row', () => {
    const result = cartridgeTypeFormSchema.safeParse(values([{ number: '1', name: 'A' }, { number: '1', name: 'B' }]));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['pins.1.number', 'Pin 1 has this number already.']]);
  });

  it('words an empty and a wrong number', () => {
    const result = cartridgeTypeFormSchema.safeParse(values([{ number: '', name: 'A' }, { number: 'x', name: 'B' }]));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pins.0.number', 'Pin number is required.'],
      ['pins.1.number', 'Pin number is a whole number.'],
    ]);
  });

  it('numbers a new row after the highest', () => {
    expect(emptyPinRow([{ id: 1, number: '7', name: '', pin_type_id: '' }]).number).toBe('8');
    expect(emptyPinRow([]).number).toBe('1');
  });
});
