import { describe, expect, it } from 'vitest';
import { measurementKind, proposeSteps, type ProposalFunction } from './step-proposal';

const fn = (id: number, name: string, slug: string, parameters: [string, string, number | null, number | null][] = []): ProposalFunction => ({
  id,
  name,
  type: { slug },
  parameters: parameters.map(([name, unit, default_low, default_high]) => ({ name, unit, default_low, default_high })),
});

const CATALOGUE = [
  fn(1, 'Rail voltage 3V3', 'measurement', [['Voltage', 'V', 3.2, 3.4]]),
  fn(2, 'Rail voltage 5V', 'measurement', [['Voltage', 'V', 4.85, 5.15]]),
  fn(3, 'Supply current', 'measurement', [['Idle current', 'mA', 5, 20], ['Load current', 'mA', 80, 250]]),
  fn(4, 'CAN loopback', 'functional', [['Bit rate', 'kbit/s', 125, 1000]]),
  fn(5, 'Flash MCU firmware', 'programming', [['Clock', 'kHz', 1000, 4000]]),
];

describe('proposeSteps', () => {
  it('makes a step per resource, named as it, measuring it, with the function its name and type fit', () => {
    const steps = proposeSteps(
      [
        { id: 10, name: '+3V3', resource_type: 'Power rail' },
        { id: 11, name: 'GND', resource_type: 'Ground reference' },
        { id: 12, name: 'VBUS shunt', resource_type: 'Current sense' },
        { id: 13, name: 'CAN_H', resource_type: 'Communication bus' },
        { id: 14, name: 'SDA', resource_type: 'Communication bus' },
        { id: 15, name: 'VBAT', resource_type: 'Voltage sense' },
        { id: 16, name: 'LED_STATUS', resource_type: 'Digital I/O' },
      ],
      CATALOGUE,
    );
    expect(steps.map((s) => [s.name, s.test_function_id, s.test_resource_ids])).toEqual([
      ['+3V3', 1, [10]],
      // The only current function there is.
      ['VBUS shunt', 3, [12]],
      ['CAN_H', 4, [13]],
      // No bus function names I2C, and two rails' functions name neither VBAT: left to the engineer.
      ['SDA', null, [14]],
      ['VBAT', null, [15]],
      ['LED_STATUS', null, [16]],
    ]);
    expect(steps[0]).toMatchObject({ parameters: [{ name: 'Voltage', value: '' }], low: 3.2, high: 3.4, unit: 'V' });
    // The limits of its parameter of that kind: the first in mA.
    expect(steps[1]).toMatchObject({ low: 5, high: 20, unit: 'mA' });
    expect(steps[4]).toMatchObject({ parameters: [], low: null, high: null, unit: '' });
  });

  it('does not match on words every rail has', () => {
    expect(proposeSteps([{ id: 1, name: 'Rail sense', resource_type: 'Voltage sense' }], CATALOGUE)[0].test_function_id).toBeNull();
  });

  it('reads the kind off the resource type’s name', () => {
    expect(measurementKind('Ground reference')).toBe('skip');
    expect(measurementKind('Current sense')).toBe('current');
    expect(measurementKind('Voltage sense')).toBe('voltage');
    expect(measurementKind('Communication bus')).toBe('bus');
    expect(measurementKind('Waveform input')).toBeNull();
  });
});
