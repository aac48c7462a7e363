import { describe, expect, it } from 'vitest';
import { formKey, initialValues, toProposal, type StepRow } from './form-values';

const STEPS: StepRow[] = [
  { name: 'vout', unit: 'V', low: 3.2, high: 3.4 },
  { name: 'ripple', unit: 'mV', low: null, high: 50 },
  { name: 'flash', unit: '', low: null, high: null },
];

describe('the what-if form', () => {
  it('starts from the current limits, and sends only the steps changed', () => {
    const values = initialValues(STEPS);
    expect(values.rows).toEqual([{ low: '3.2', high: '3.4' }, { low: '', high: '50' }, { low: '', high: '' }]);
    expect(toProposal(STEPS, values)).toEqual({ input: null, errors: { root: 'Change the limits of at least one step to replay them.' } });
    values.rows[1] = { low: '', high: '40' };
    values.from = '2026-10-01';
    expect(toProposal(STEPS, values)).toEqual({ input: { limits: [{ step: 'ripple', low: null, high: 40 }], scope: { versions: 'this', from: '2026-10-01' } }, errors: null });
  });

  it('says on the row what is wrong', () => {
    const values = initialValues(STEPS);
    values.rows[2] = { low: 'abc', high: '' };
    expect(toProposal(STEPS, values).errors).toEqual({ 'rows.2.low': 'Low is a number, or empty for no low limit.' });
    values.rows[2] = { low: '5', high: '4' };
    expect(toProposal(STEPS, values).errors).toEqual({ 'rows.2.high': 'High must not be below low.' });
    values.rows[2] = { low: '', high: '' };
    values.rows[0] = { low: '3,1', high: '3.5' };
    values.from = '2026-12-01';
    values.to = '2026-11-01';
    expect(toProposal(STEPS, values).errors).toEqual({ to: 'To must not be before from.' });
  });

  it('puts the server’s field errors on the rows they came from', () => {
    expect(formKey('limits.1.step', [0, 2])).toBe('rows.2.low');
    expect(formKey('limits.0.high', [1])).toBe('rows.1.high');
    expect(formKey('scope.batch_id', [])).toBe('batch_id');
    expect(formKey('limits', [])).toBe('root');
  });
});
