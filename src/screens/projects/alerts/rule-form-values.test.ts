import { describe, expect, it } from 'vitest';
import { alertRuleInput } from '../../../../contract/alerts';
import { ruleValues, toRuleInput } from './rule-form-values';

describe('the alert rule form', () => {
  it('sends only the kind\'s params, as numbers, and blank optional ones not at all', () => {
    const values = ruleValues();
    values.kind = 'cpk_below';
    values.params = { level: ' 1.33 ', last_boards: '500', step: '', jig_id: '7', days: '3' };
    expect(toRuleInput(values)).toEqual({ kind: 'cpk_below', params: { level: 1.33 }, email: false });
  });

  it('lets the contract word a wrong number on its field', () => {
    const values = ruleValues();
    values.params.level = 'lots';
    values.params.last_boards = '';
    const result = alertRuleInput.safeParse(toRuleInput(values));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['params.last_boards', 'params.level']);
  });

  it('reads a saved rule back into the fields', () => {
    const values = ruleValues({
      id: 1, project_id: 2, kind: 'calibration_due', params: { days: 14 }, enabled: true, email: true, name: '', description: '', open_alerts: 0, created_at: '', updated_at: '',
    });
    expect(values).toMatchObject({ kind: 'calibration_due', params: { days: '14', level: '' }, email: 'yes' });
  });
});
