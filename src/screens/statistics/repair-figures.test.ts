import { describe, expect, it } from 'vitest';
import { formatRepairHours, repairParetoRows } from './repair-figures';

describe('repair figures', () => {
  it('draw the failure codes most repairs first, with the running share', () => {
    const rows = repairParetoRows([
      { failure_code_id: 2, code: 'U3-MISSING', description: '', count: 1, share: 0.25, cumulative_share: 1 },
      { failure_code_id: 1, code: 'SOLDER-BRIDGE', description: '', count: 3, share: 0.75, cumulative_share: 0.75 },
    ]);
    expect(rows).toEqual([
      { name: 'SOLDER-BRIDGE', failures: 3, cumulative: 0.75 },
      { name: 'U3-MISSING', failures: 1, cumulative: 1 },
    ]);
  });

  it('say a time in repair in minutes, hours or days', () => {
    expect(formatRepairHours(null)).toBe('—');
    expect(formatRepairHours(0.5)).toBe('30 min');
    expect(formatRepairHours(3.25)).toBe('3.3 h');
    expect(formatRepairHours(30)).toBe('30 h');
    expect(formatRepairHours(72)).toBe('3.0 days');
  });
});
