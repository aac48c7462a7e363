import { describe, expect, it } from 'vitest';
import type { RequestCapacity, SelectedModule, TestPadGroup } from '../../../../contract/requests';
import { mappingLabel, moduleChoices, pinChoices, splitPinKey } from './pin-choices';

const VOLTAGE = { id: 1, name: 'Voltage' };
const CURRENT = { id: 2, name: 'Current' };

const pin = (bay: number, number: number, usedBy: { id: number; name: string } | null = null) => ({
  selected_cartridge: { id: 10 + bay, bay, cartridge_type: { id: 5, name: 'PB-40' } },
  connector_pin: { id: 100 + number, number, name: `AIN${number}`, pin_type: { id: 7, name: 'Analog in' } },
  used_by_group: usedBy,
});

const capacity: RequestCapacity = {
  resource_types: [
    { resource_type: VOLTAGE, groups_needing: 2, pins: [pin(2, 1), pin(1, 3, { id: 41, name: 'VBAT' }), pin(1, 2, { id: 40, name: 'VCC' }), pin(1, 1)] },
    { resource_type: CURRENT, groups_needing: 1, pins: [pin(1, 9)] },
  ],
};

const group = (id: number, name: string, resource_type = VOLTAGE): TestPadGroup => ({
  id,
  request_id: 1,
  name,
  resource_type,
  pad_ids: [1, 2],
  mapping: null,
  created_at: '2026-11-23T00:00:00.000Z',
  updated_at: '2026-11-23T00:00:00.000Z',
});

describe('pinChoices', () => {
  it('lists only the pins of the group’s resource type, by bay and number, each named where it is', () => {
    const choices = pinChoices(capacity, group(40, 'VCC'));
    expect(choices.map((c) => c.label)).toEqual([
      'Bay 1 · PB-40 · 1 AIN1 · Analog in',
      'Bay 1 · PB-40 · 2 AIN2 · Analog in',
      'Bay 1 · PB-40 · 3 AIN3 · Analog in (used by VBAT)',
      'Bay 2 · PB-40 · 1 AIN1 · Analog in',
    ]);
    expect(choices.some((c) => c.label.includes('AIN9'))).toBe(false);
  });

  it('cannot choose a pin another group uses, but can keep its own', () => {
    const choices = pinChoices(capacity, group(40, 'VCC'));
    const byLabel = (start: string) => choices.find((c) => c.label.startsWith(start))!;
    expect(byLabel('Bay 1 · PB-40 · 3').disabled).toBe(true);
    expect(byLabel('Bay 1 · PB-40 · 2').disabled).toBe(false); // VCC's own pin
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(['11:101', '11:102', '12:101']);
  });

  it('tells one connector pin in two bays apart, and reads the choice back as the call’s ids', () => {
    const values = pinChoices(capacity, group(3, 'GND')).map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    expect(splitPinKey('12:101')).toEqual({ selected_cartridge_id: 12, connector_pin_id: 101 });
    expect(splitPinKey('')).toBeNull();
  });

  it('offers nothing for a resource type no selected cartridge serves', () => {
    expect(pinChoices(capacity, group(5, 'Temp', { id: 9, name: 'Temperature' }))).toEqual([]);
    expect(pinChoices(undefined, group(5, 'VCC'))).toEqual([]);
  });
});

describe('moduleChoices and mappingLabel', () => {
  const module = (id: number, slot: number, name: string): SelectedModule => ({
    id,
    request_id: 1,
    project_id: null,
    slot,
    module_type: { id, name, ams_type: 'psu' },
  });

  it('offers no module first, then the selected modules by slot', () => {
    expect(moduleChoices([module(8, 3, 'PSU-2'), module(7, 1, 'DMM-1')])).toEqual([
      { value: '', label: 'No module' },
      { value: '7', label: 'Slot 1 · DMM-1' },
      { value: '8', label: 'Slot 3 · PSU-2' },
    ]);
  });

  it('names a mapping with its module', () => {
    const { selected_cartridge, connector_pin } = pin(1, 2);
    expect(mappingLabel({ selected_cartridge, connector_pin, selected_module: { id: 7, slot: 1, module_type: { id: 7, name: 'DMM-1' } } })).toBe(
      'Bay 1 · PB-40 · 2 AIN2 · Analog in → Slot 1 · DMM-1',
    );
  });
});
