import { describe, expect, it } from 'vitest';
import { stepInputOf, variableInputOf } from './form-values';

describe('test profile form values', () => {
  it('sends limits as numbers, empty as null, anything else as typed', () => {
    expect(stepInputOf({ name: 'R', test_function_id: '4', parameters: [], low: ' 3.2 ', high: '', unit: 'V' })).toEqual({
      name: 'R',
      test_function_id: 4,
      parameters: [],
      low: 3.2,
      high: null,
      unit: 'V',
    });
    expect(stepInputOf({ name: 'R', test_function_id: '', parameters: [], low: 'abc', high: '-1e3', unit: '' })).toMatchObject({ test_function_id: null, low: 'abc', high: -1000 });
  });

  it('types a variable value by its type', () => {
    const base = { name: 'v', value: '3', flag: true, choices: ' fast, slow ,' };
    expect(variableInputOf({ ...base, type: 'int' })).toEqual({ name: 'v', type: 'int', value: 3, choices: [] });
    expect(variableInputOf({ ...base, type: 'bool' }).value).toBe(true);
    expect(variableInputOf({ ...base, type: 'string' }).value).toBe('3');
    expect(variableInputOf({ ...base, type: 'enum', value: 'fast' })).toEqual({ name: 'v', type: 'enum', value: 'fast', choices: ['fast', 'slow'] });
  });
});
