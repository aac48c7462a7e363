import { describe, expect, it } from 'vitest';
import { addDays, calibrationFields, calibrationStatus, dateField } from './cartridges';

describe('calibrationStatus', () => {
  const today = '2026-11-23';
  it.each([
    [null, 'overdue'],
    ['2026-11-22', 'overdue'],
    ['2026-11-23', 'due_soon'],
    [addDays(today, 29), 'due_soon'],
    [addDays(today, 30), 'due_soon'],
    [addDays(today, 31), 'ok'],
    ['2030-01-01', 'ok'],
  ] as const)('due %s is %s', (due, status) => {
    expect(calibrationStatus(due, today)).toBe(status);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('calibration fields', () => {
  it('takes real dates only', () => {
    expect(dateField('Date').safeParse('2026-02-29').success).toBe(false);
    expect(dateField('Date').safeParse('2028-02-29').success).toBe(true);
    expect(dateField('Date').safeParse('1.3.2026').success).toBe(false);
  });

  it('reads the values as JSON and wants the due date after the calibration', () => {
    const ok = calibrationFields.parse({ calibrated_at: '2026-01-01', due_at: '2027-01-01', result: 'pass', values: '[{"name":"R","value":1.5,"unit":"Ω"}]' });
    expect(ok.values).toEqual([{ name: 'R', value: 1.5, unit: 'Ω' }]);
    const bad = calibrationFields.safeParse({ calibrated_at: '2026-01-01', due_at: '2025-01-01', result: 'pass' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['due_at', 'Due date must be after the calibration date.']]);
  });
});
