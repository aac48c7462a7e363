import { describe, expect, it } from 'vitest';
import { alertRuleInput, describeAlertRule, parseAlertParams } from './alerts';

describe('alert rule params', () => {
  it('checks each kind\'s params, reporting on params.<field>', () => {
    expect(parseAlertParams('first_pass_yield_below', { level: 0.95, last_boards: 500 })).toEqual({ ok: true, params: { level: 0.95, last_boards: 500 } });
    const wrong = parseAlertParams('first_pass_yield_below', { level: -0.1, last_boards: 10_001 });
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? null : Object.keys(wrong.errors).sort()).toEqual(['params.last_boards', 'params.level']);
    expect(parseAlertParams('calibration_due', { days: 366 }).ok).toBe(false);
    expect(parseAlertParams('calibration_due', { days: 1 }).ok).toBe(true);
    expect(parseAlertParams('false_fail_rate_above', { level: 0.1, jig_id: '3' }).ok).toBe(false);
  });

  it('drops a blank step: every step of the active profiles', () => {
    expect(parseAlertParams('cpk_below', { level: 1.33, step: '  ' })).toEqual({ ok: true, params: { level: 1.33 } });
    expect(parseAlertParams('run_rule', { step: 'VBUS current' })).toEqual({ ok: true, params: { step: 'VBUS current' } });
  });

  it('parses a whole rule, the kind deciding its params', () => {
    const ok = alertRuleInput.parse({ kind: 'cpk_below', params: { level: 1, step: 'x' } });
    expect(ok).toEqual({ kind: 'cpk_below', params: { level: 1, step: 'x' }, enabled: true, email: false });
    const result = alertRuleInput.safeParse({ kind: 'jig_not_ready', params: { jig_id: 0 } });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['params.jig_id']);
  });

  it('names a rule in words', () => {
    expect(describeAlertRule({ kind: 'first_pass_yield_below', params: { level: 0.955, last_boards: 1500 } })).toEqual({
      name: 'First-pass yield below 95.5%',
      description: 'Over the last 1,500 boards first tested in the project.',
    });
    expect(describeAlertRule({ kind: 'calibration_due', params: { days: 1 } }).name).toBe('Calibration due within 1 day');
    expect(describeAlertRule({ kind: 'cpk_below', params: { level: 1.33, step: 'VBUS' } }).description).toBe('Step “VBUS” of the active profiles, over the last 30 days.');
  });
});
