import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../contract/repairs';
import { isScrappedIn, waitingRepairOf } from './history';

const sent = (repair_id: number, at: string): HistoryEntry => ({ kind: 'repair_sent', at, repair_id, by: null, reason: 'Fails' });
const done = (repair_id: number, at: string, outcome: 'repaired' | 'scrapped' = 'repaired'): HistoryEntry => ({
  kind: 'repair_done',
  at,
  repair_id,
  by: { id: 1, name: 'Tech' },
  outcome,
  failure_code: 'SOLDER-BRIDGE',
  action: 'Reflowed',
  parts: [],
});

describe('a board’s history', () => {
  it('names the repair the board waits for: the one sent and not done', () => {
    expect(waitingRepairOf([])).toBeNull();
    expect(waitingRepairOf([sent(1, '2026-01-01'), done(1, '2026-01-02')])).toBeNull();
    expect(waitingRepairOf([sent(1, '2026-01-01'), done(1, '2026-01-02'), sent(2, '2026-01-03')])).toBe(2);
  });

  it('knows a scrapped board', () => {
    expect(isScrappedIn([sent(1, 'a'), done(1, 'b')])).toBe(false);
    expect(isScrappedIn([sent(1, 'a'), done(1, 'b', 'scrapped')])).toBe(true);
  });
});
