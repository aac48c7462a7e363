import { describe, expect, it } from 'vitest';
import type { AmsType } from './cassette-module-types';
import { proposePinMapping, type ProposalGroup, type ProposalInput, type ProposalModule } from './pin-mapping';
import { isDebugName, isGroundName, railOf } from './pin-names';

const POWER = { id: 1, name: 'Power rail' };
const DIGITAL = { id: 2, name: 'Digital I/O' };
const BUS = { id: 3, name: 'Communication bus' };
const GROUND = { id: 4, name: 'Ground reference' };

type PinSpec = [name: string, type: string];

/** A cartridge in a bay whose pins are numbered from 1 in the order given, as the demo's PB-40 starts. */
function cartridge(id: number, bay: number, specs: PinSpec[]) {
  return specs.map(([name, type], n) => ({
    selected_cartridge: { id, bay, cartridge_type: { id: 100 + id, name: `Cartridge ${id}` } },
    connector_pin: { id: id * 1000 + n + 1, number: n + 1, name, pin_type: { id: type.length, name: type } },
    used_by_group: null as { id: number; name: string } | null,
  }));
}
type Pin = ReturnType<typeof cartridge>[number];

/** The PB-40's first pins: ground, four rails, SWD, more debug pins, then general GPIO. */
const PB40: PinSpec[] = [
  ['GND', 'Ground'],
  ['VBUS', 'Power'],
  ['VCC_3V3', 'Power'],
  ['VCC_5V', 'Power'],
  ['VBAT', 'Power'],
  ['SWDIO', 'Digital'],
  ['SWCLK', 'Digital'],
  ['SWO', 'Digital'],
  ['GND_2', 'Ground'],
  ['NRST', 'Digital'],
  ['TCK', 'Digital'],
  ['BOOT0', 'Digital'],
  ['I2C_SDA', 'Bus'],
  ['CAN_H', 'Bus'],
  ['GPIO0', 'Digital'],
  ['GPIO1', 'Digital'],
];

/** The pin map of the demo: each resource type gets the pins of its pin types. */
function linesOf(pins: Pin[]): ProposalInput['resource_types'] {
  const of = (types: string[]) => pins.filter((p) => types.includes(p.connector_pin.pin_type.name));
  return [
    { resource_type: POWER, pins: of(['Power']) },
    { resource_type: DIGITAL, pins: of(['Digital']) },
    { resource_type: BUS, pins: of(['Bus', 'Digital']) },
    { resource_type: GROUND, pins: of(['Ground']) },
  ];
}

let nextGroup = 1;
const group = (name: string, resource_type: ProposalGroup['resource_type'], nets: string[] = [name]): ProposalGroup => ({ id: nextGroup++, name, resource_type, nets });
const module = (id: number, slot: number, name: string, ams_type: AmsType): ProposalModule => ({ id, slot, module_type: { id: 50 + id, name, ams_type } });
const MODULES = [module(1, 1, 'DMM-6.5', 'dmm'), module(2, 2, 'PSU-2x30V', 'psu'), module(3, 3, 'GPIO-32', 'gpio'), module(4, 4, 'CAN-FD-2', 'can')];

const propose = (groups: ProposalGroup[], pins: Pin[] = cartridge(1, 1, PB40), modules = MODULES) =>
  proposePinMapping({ groups, resource_types: linesOf(pins), modules });
const pinOf = (picks: ReturnType<typeof propose>, name: string) => picks.find((p) => p.group.name === name)?.pin?.connector_pin.name ?? null;

describe('the pin mapping proposal', () => {
  it('puts “3V3 rail” on VCC_3V3 (not VBUS), digital nets on GPIO pins (not SWD), each with the module it needs and why', () => {
    const picks = propose([group('3V3 rail', POWER, ['+3V3']), group('LED_STATUS', DIGITAL), group('HALL_A', DIGITAL)]);
    expect(picks.map((p) => [p.group.name, p.pin?.connector_pin.name, p.selected_module?.module_type.name])).toEqual([
      ['3V3 rail', 'VCC_3V3', 'PSU-2x30V'],
      ['HALL_A', 'GPIO0', 'GPIO-32'],
      ['LED_STATUS', 'GPIO1', 'GPIO-32'],
    ]);
    expect(picks[0].reason).toBe('VCC_3V3 is the 3.3 V rail’s pin, the rail of net +3V3.');
    expect(picks[0].module_reason).toBe('PSU-2x30V (slot 2) is the selected PSU module, which Power rail needs.');
    expect(picks[1].reason).toBe(
      'GPIO0 is a free general Digital pin; no pin is named for “HALL_A”. The debug pins (SWDIO, SWCLK, SWO, NRST and 2 more) stay free for programming.',
    );
  });

  it('takes a debug pin for a signal only once no other pin of its type is free, and says so', () => {
    const picks = propose([group('A', DIGITAL), group('B', DIGITAL), group('C', DIGITAL)]);
    expect(picks.map((p) => p.pin?.connector_pin.name)).toEqual(['GPIO0', 'GPIO1', 'SWDIO']);
    expect(picks[2].reason).toBe('Only debug pins were free: SWDIO is one; free a general pin to keep it for programming.');
  });

  it('gives a debug pin to the net it is named for', () => {
    expect(pinOf(propose([group('SWD data', DIGITAL, ['SWDIO']), group('A', DIGITAL)]), 'SWD data')).toBe('SWDIO');
  });

  it('never puts a supply on another rail’s pin: no free pin of its voltage leaves it unmapped, saying why', () => {
    const picks = propose([group('+12V', POWER), group('VBAT', POWER), group('5V rail', POWER, ['+5V']), group('Main supply', POWER, ['PWR_MAIN'])]);
    expect(picks.map((p) => [p.group.name, p.pin?.connector_pin.name ?? null])).toEqual([
      ['+12V', null],
      ['5V rail', 'VCC_5V'],
      ['Main supply', null],
      ['VBAT', 'VBAT'],
    ]);
    expect(picks[0].reason).toBe('No free pin carries 12 V: VBUS, VCC_3V3, VCC_5V, VBAT are other rails. Add a cartridge with a 12 V pin, or choose by hand.');
    expect(picks[2].reason).toBe('“Main supply” names no voltage, and the free power pins are rails of their own (VBUS, VCC_3V3, VCC_5V, VBAT): choose its pin by hand.');
  });

  it('leaves “3V3 rail” unmapped when another group has VCC_3V3, instead of taking VBUS', () => {
    const pins = cartridge(1, 1, PB40);
    pins.find((p) => p.connector_pin.name === 'VCC_3V3')!.used_by_group = { id: 99, name: '3V3 sense' };
    const [pick] = propose([group('3V3 rail', POWER, ['+3V3'])], pins);
    expect(pick.pin).toBeNull();
    expect(pick.reason).toContain('No free pin carries 3.3 V');
  });

  it('uses the same rail on a second cartridge when the first one’s is taken', () => {
    const pins = [...cartridge(1, 1, PB40), ...cartridge(2, 2, PB40)];
    pins[2].used_by_group = { id: 99, name: 'Other' };
    const [pick] = propose([group('3V3 rail', POWER, ['+3V3'])], pins);
    expect([pick.pin?.selected_cartridge.bay, pick.pin?.connector_pin.name]).toEqual([2, 'VCC_3V3']);
  });

  it('matches buses by their nets and drives them with the module of their family; ground gets a ground pin and no module', () => {
    const picks = propose([group('I2C bus', BUS, ['SDA', 'SCL']), group('CAN', BUS, ['CAN_H']), group('GND', GROUND)]);
    expect(picks.map((p) => [p.group.name, p.pin?.connector_pin.name, p.selected_module?.module_type.name ?? null])).toEqual([
      ['CAN', 'CAN_H', 'CAN-FD-2'],
      ['GND', 'GND', null],
      ['I2C bus', 'I2C_SDA', 'GPIO-32'],
    ]);
    expect(picks[2].reason).toBe('I2C_SDA shares “I2C” with “I2C bus”’s name or nets.');
    expect(picks[1].module_reason).toBe('A ground return is wired to the fixture’s ground; no module drives it.');
  });

  it('gives a pin to the group named for it before another group takes it as a general pin', () => {
    const picks = propose([group('A', DIGITAL), group('GPIO0', DIGITAL)]);
    expect([pinOf(picks, 'A'), pinOf(picks, 'GPIO0')]).toEqual(['GPIO1', 'GPIO0']);
  });

  it('says which module is missing, and when no cartridge serves the resource type', () => {
    const [pick] = propose([group('3V3', POWER)], cartridge(1, 1, PB40), [MODULES[0]]);
    expect(pick.selected_module).toBeNull();
    expect(pick.module_reason).toBe('Power rail needs a PSU or Electronic load module and none is selected: add one in the modules step.');
    const [none] = propose([group('Probe', { id: 9, name: 'Waveform input' })]);
    expect(none.pin).toBeNull();
    expect(none.reason).toBe('No selected cartridge has a pin for Waveform input: add a cartridge whose pins its pin map lists.');
  });
});

describe('pin names', () => {
  it('reads a rail’s voltage however it is spelt, and named rails', () => {
    expect(['+3V3', 'VCC_3V3', '3V3 rail', '3.3V', 'P3V3'].map((n) => railOf(n)?.key)).toEqual(['3.3V', '3.3V', '3.3V', '3.3V', '3.3V']);
    expect(['VCC_5V', '+5V', '12V0', 'VBAT', 'VBUS', 'GPIO5', 'SDA', 'Net-(R101-Pad2)'].map((n) => railOf(n)?.key ?? null)).toEqual([
      '5V',
      '5V',
      '12V',
      'VBAT',
      'VBUS',
      null,
      null,
      null,
    ]);
  });

  it('tells ground and debug pins', () => {
    expect(['GND', 'GND_2', 'AGND', 'VSS'].every(isGroundName)).toBe(true);
    expect(isGroundName('GNDA_SENSE')).toBe(false);
    expect(['SWDIO', 'SWCLK', 'SWO', 'NRST', 'TCK', 'TMS', 'TDI', 'TDO', 'TRST', 'BOOT0', 'JTAG_TDI'].every(isDebugName)).toBe(true);
    expect(['GPIO0', 'SDA', 'CAN_H'].some(isDebugName)).toBe(false);
  });
});
