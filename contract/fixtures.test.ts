import { describe, expect, it } from 'vitest';
import { cartridgeCycles, cycleStatus, worseCycleStatus } from './fixtures';

describe('cycle status', () => {
  it('is ok below 90% of the limit, due soon from 90%, overdue at the limit, and not judged without one', () => {
    expect(cycleStatus(0, 30)).toBe('ok');
    expect(cycleStatus(26, 30)).toBe('ok');
    // 90% of 30 is 27 exactly (whole numbers, no floating point surprise).
    expect(cycleStatus(27, 30)).toBe('due_soon');
    expect(cycleStatus(29, 30)).toBe('due_soon');
    expect(cycleStatus(30, 30)).toBe('overdue');
    expect(cycleStatus(31, 30)).toBe('overdue');
    expect(cycleStatus(1_000, null)).toBeNull();
    expect(worseCycleStatus(null, null)).toBe('ok');
    expect(worseCycleStatus('due_soon', 'ok')).toBe('due_soon');
    expect(worseCycleStatus(null, 'overdue')).toBe('overdue');
  });

  it('counts life from the probe change and cleaning from the later of cleaning and probe change', () => {
    const limits = { rated_probe_life_cycles: 100, cleaning_interval_cycles: 10 };
    expect(cartridgeCycles({ contact_cycles: 95, cycles_at_cleaning: 90, cycles_at_probe_change: 0, ...limits })).toMatchObject({
      life_used_cycles: 95,
      life_used_share: 0.95,
      since_cleaning_cycles: 5,
      life_status: 'due_soon',
      cleaning_status: 'ok',
      status: 'due_soon',
    });
    expect(cartridgeCycles({ contact_cycles: 120, cycles_at_cleaning: 50, cycles_at_probe_change: 115, ...limits })).toMatchObject({
      life_used_cycles: 5,
      since_cleaning_cycles: 5,
      status: 'ok',
    });
  });
});
