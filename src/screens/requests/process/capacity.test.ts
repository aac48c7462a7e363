import { describe, expect, it } from 'vitest';
import type { RequestCapacity } from '../../../../contract/requests';
import { capacityVerdict, overallShortfall, overallVerdict, shortfallOf, type CapacityLine } from './capacity';

const pin = (cartridge: number, id: number, usedBy: string | null = null): CapacityLine['pins'][number] => ({
  selected_cartridge: { id: cartridge, bay: cartridge, cartridge_type: { id: 1, name: 'PB-40' } },
  connector_pin: { id, number: id, name: `P${id}`, pin_type: { id: 1, name: 'Analog' } },
  used_by_group: usedBy ? { id: id * 100, name: usedBy } : null,
});

const line = (name: string, groups: number, pins: CapacityLine['pins']): CapacityLine => ({
  resource_type: { id: name.length, name },
  groups_needing: groups,
  pins,
});

describe('capacity verdicts', () => {
  it('says how many more pins a short resource type needs, and which type', () => {
    const short = line('Voltage', 5, [pin(1, 1), pin(1, 2), pin(1, 3)]);
    expect(shortfallOf(short)).toBe(2);
    expect(capacityVerdict(short)).toBe('Short: 2 more pins needed. Add a cartridge with pins that serve Voltage.');
  });

  it('words one missing pin in the singular', () => {
    expect(capacityVerdict(line('Current', 1, []))).toBe('Short: 1 more pin needed. Add a cartridge with pins that serve Current.');
  });

  it('counts the spare pins when there are enough, used ones included', () => {
    expect(shortfallOf(line('Voltage', 2, [pin(1, 1, 'VCC'), pin(1, 2), pin(1, 3)]))).toBe(0);
    expect(capacityVerdict(line('Voltage', 2, [pin(1, 1, 'VCC'), pin(1, 2), pin(1, 3)]))).toBe('Enough: 1 pin to spare.');
    expect(capacityVerdict(line('Voltage', 2, [pin(1, 1), pin(1, 2)]))).toBe('Enough: every pin is needed.');
    expect(capacityVerdict(line('Voltage', 0, [pin(1, 1), pin(1, 2)]))).toBe('Enough: 2 pins to spare.');
  });

  it('finds a shortfall across types that share pins, counting one pin of two bays as two', () => {
    // Both types are served by the same two pins of bay 1: each alone is fine, together one is short.
    const shared: RequestCapacity = { resource_types: [line('Voltage', 2, [pin(1, 1), pin(1, 2)]), line('Current', 1, [pin(1, 1), pin(1, 2)])] };
    expect(shared.resource_types.map(shortfallOf)).toEqual([0, 0]);
    expect(overallShortfall(shared)).toBe(1);
    expect(overallVerdict(shared)).toMatch(/^The groups need 1 more pin than the selected cartridges have in all/);
    // Pin 1 of bay 1 and pin 1 of bay 2 are two pins.
    const twoBays: RequestCapacity = { resource_types: [line('Voltage', 2, [pin(1, 1), pin(2, 1)])] };
    expect(overallShortfall(twoBays)).toBe(0);
    expect(overallVerdict(twoBays)).toBeNull();
  });
});
