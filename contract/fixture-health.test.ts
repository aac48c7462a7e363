import { describe, expect, it } from 'vitest';
import { falseFailIds, type Attempt, type RepairSpan } from './fixture-health';

const at = (hour: number) => `2026-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
let nextId = 1;
const runs = (device_id: number, ...results: [Attempt['result'], number][]): Attempt[] =>
  results.map(([result, hour]) => ({ id: nextId++, device_id, result, finished_at: at(hour) }));

describe('the false-fail rule', () => {
  it('fail → pass: the fail is a false fail', () => {
    const a = runs(1, ['fail', 1], ['pass', 2]);
    expect(falseFailIds(a, [])).toEqual(new Set([a[0]!.id]));
  });

  it('fail → repair → pass: not, whether the repair was sent or completed between', () => {
    const a = runs(1, ['fail', 1], ['pass', 4]);
    const sent: RepairSpan = { device_id: 1, sent_at: at(2), repaired_at: at(3) };
    expect(falseFailIds(a, [sent])).toEqual(new Set());
    const doneBetween: RepairSpan = { device_id: 1, sent_at: at(0), repaired_at: at(2) };
    expect(falseFailIds(a, [doneBetween])).toEqual(new Set());
    const waitingSince: RepairSpan = { device_id: 1, sent_at: at(3), repaired_at: null };
    expect(falseFailIds(a, [waitingSince])).toEqual(new Set());
  });

  it('fail → fail → pass: only the second fail is a false fail', () => {
    const a = runs(1, ['fail', 1], ['fail', 2], ['pass', 3]);
    expect(falseFailIds(a, [])).toEqual(new Set([a[1]!.id]));
  });

  it('a repair of another board, or one outside the two runs, does not count', () => {
    const a = runs(1, ['fail', 2], ['pass', 3]);
    const others: RepairSpan[] = [
      { device_id: 2, sent_at: at(2), repaired_at: at(2) },
      { device_id: 1, sent_at: at(0), repaired_at: at(1) },
      { device_id: 1, sent_at: at(4), repaired_at: null },
    ];
    expect(falseFailIds(a, others)).toEqual(new Set([a[0]!.id]));
  });

  it('an error is neither a fail nor a pass; a fail with no next run is not judged a false fail', () => {
    const a = runs(1, ['fail', 1], ['error', 2], ['pass', 3], ['error', 4], ['pass', 5], ['fail', 6]);
    expect(falseFailIds(a, [])).toEqual(new Set());
  });

  it('orders a board’s runs by finish, then id, whatever the order given', () => {
    const a = runs(1, ['pass', 5], ['fail', 3], ['fail', 3]);
    // Both fails finished at 3: the lower id is first, so the higher id's next run is the pass.
    expect(falseFailIds([...a].reverse(), [])).toEqual(new Set([a[2]!.id]));
  });
});
