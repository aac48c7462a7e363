import { describe, expect, it } from 'vitest';
import { stepInputOf, stepResourceLabel, variableInputOf } from './form-values';

describe('test profile form values', () => {
  it('sends limits as numbers, empty as null, anything else as typed', () => {
    const measures = [{ id: 7, name: '+3V3', label: '+3V3 · pad group +3V3, 2 pads · bay 1 pin 1 AIN1' }];
    expect(stepInputOf({ name: 'R', test_function_id: '4', parameters: [], low: ' 3.2 ', high: '', unit: 'V', test_resources: measures })).toEqual({
      name: 'R',
      test_function_id: 4,
      parameters: [],
      low: 3.2,
      high: null,
      unit: 'V',
      test_resource_ids: [7],
    });
    expect(stepInputOf({ name: 'R', test_function_id: '', parameters: [], low: 'abc', high: '-1e3', unit: '', test_resources: [] })).toMatchObject({ test_function_id: null, low: 'abc', high: -1000 });
  });

  it('labels a step’s resource by its name, pad group and pin', () => {
    const resource = { id: 7, name: '+3V3', pad_group: { id: 3, name: '+3V3', pad_count: 1 }, bay: 1, connector_pin: { number: 1, name: 'AIN1' } };
    expect(stepResourceLabel(resource)).toBe('+3V3 · pad group +3V3, 1 pad · bay 1 pin 1 AIN1');
    expect(stepResourceLabel({ ...resource, pad_group: null })).toBe('+3V3 · no pad group · bay 1 pin 1 AIN1');
  });

  it('types a variable value by its type', () => {
    const base = { name: 'v', value: '3', flag: true, choices: ' fast, slow ,' };
    expect(variableInputOf({ ...base, type: 'int' })).toEqual({ name: 'v', type: 'int', value: 3, choices: [] });
    expect(variableInputOf({ ...base, type: 'bool' }).value).toBe(true);
    expect(variableInputOf({ ...base, type: 'string' }).value).toBe('3');
    expect(variableInputOf({ ...base, type: 'enum', value: 'fast' })).toEqual({ name: 'v', type: 'enum', value: 'fast', choices: ['fast', 'slow'] });
  });
});
