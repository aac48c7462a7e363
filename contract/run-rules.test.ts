import { describe, expect, it } from 'vitest';
import { findViolations, parseRunRules, runRulesField, RUN_RULE_IDS, WESTERN_ELECTRIC } from './run-rules';

// Centre 10, σ 2: a value's zone is easy to read off (12 is +1σ, 14 +2σ, 16 +3σ).
const C = 10;
const S = 2;
const at = (...zs: number[]) => zs.map((z) => C + z * S);
/** The indexes flagged for one rule. */
const flagged = (values: number[], rule: number) => findViolations(values, C, S, [rule]).map((v) => v.index);

describe('run rule 1: one point beyond 3σ', () => {
  it('flags a point beyond 3σ on either side, not one exactly at 3σ', () => {
    expect(flagged(at(0, 3.1, 0, -3.5, 3, -3, 2.9), 1)).toEqual([1, 3]);
  });
});

describe('run rule 2: two of three beyond 2σ on one side', () => {
  it('flags the point that completes the pattern, with or without a point between', () => {
    expect(flagged(at(0, 2.5, 2.1, 0), 2)).toEqual([2]);
    expect(flagged(at(0, -2.5, 0.5, -2.2, 0), 2)).toEqual([3]);
  });
  it('does not fire for two beyond 2σ on opposite sides, or two that are four apart', () => {
    expect(flagged(at(2.5, -2.5, 0, 2.5, 0, -2.5), 2)).toEqual([]);
    expect(flagged(at(2.5, 0, 0, 2.5), 2)).toEqual([]);
  });
  it('does not fire for points exactly at 2σ', () => {
    expect(flagged(at(2, 2, 2), 2)).toEqual([]);
  });
});

describe('run rule 3: four of five beyond 1σ on one side', () => {
  it('flags the fourth point beyond 1σ within five', () => {
    expect(flagged(at(1.5, 1.2, 0, 1.1, 1.9), 3)).toEqual([4]);
    expect(flagged(at(0, -1.5, -1.2, -1.1, -1.9), 3)).toEqual([4]);
  });
  it('does not fire for three of five, or four of five split between the sides', () => {
    expect(flagged(at(1.5, 1.2, 0, 0.5, 1.9), 3)).toEqual([]);
    expect(flagged(at(1.5, -1.2, 1.1, -1.9, 1.3), 3)).toEqual([]);
  });
});

describe('run rule 4: eight in a row on one side', () => {
  it('flags the eighth point and each further one while the run lasts', () => {
    expect(flagged(at(-1, 0.1, 0.2, 0.1, 0.3, 0.1, 0.2, 0.1, 0.4, 0.2, -0.5), 4)).toEqual([8, 9]);
    expect(flagged(at(-0.1, -0.2, -0.1, -0.3, -0.1, -0.2, -0.1, -0.4), 4)).toEqual([7]);
  });
  it('does not fire for seven in a row, nor when a point on the centre line breaks the run', () => {
    expect(flagged(at(0.1, 0.2, 0.1, 0.3, 0.1, 0.2, 0.1, -0.4), 4)).toEqual([]);
    expect(flagged(at(0.1, 0.2, 0.1, 0.3, 0, 0.2, 0.1, 0.4), 4)).toEqual([]);
  });
});

describe('run rule 5: six in a row rising or falling', () => {
  it('flags the sixth point of a steady rise or fall', () => {
    expect(flagged(at(0, -1, -0.8, -0.5, 0, 0.2, 0.9), 5)).toEqual([6]);
    expect(flagged(at(1, 0.8, 0.5, 0.1, -0.2, -0.4), 5)).toEqual([5]);
  });
  it('does not fire for five in a row, nor when two neighbours are equal', () => {
    expect(flagged(at(-1, -0.8, -0.5, 0, 0.2, -1), 5)).toEqual([]);
    expect(flagged(at(-1, -0.8, -0.5, -0.5, 0, 0.2, 0.3), 5)).toEqual([]);
  });
});

describe('run rule 6: fourteen in a row alternating', () => {
  const zigzag = (n: number): number[] => Array.from({ length: n }, (_, i) => (i % 2 ? 0.5 : -0.5));
  it('flags the fourteenth point of a zigzag', () => {
    expect(flagged(at(...zigzag(14)), 6)).toEqual([13]);
    expect(flagged(at(...zigzag(15)), 6)).toEqual([13, 14]);
  });
  it('does not fire for thirteen, nor when one step goes the same way twice', () => {
    expect(flagged(at(...zigzag(13)), 6)).toEqual([]);
    const broken = zigzag(14);
    broken[7] = -0.7; // after -0.5 at index 6: down twice
    expect(flagged(at(...broken), 6)).toEqual([]);
  });
});

describe('run rule 7: fifteen in a row within 1σ', () => {
  const hugging = (n: number): number[] => Array.from({ length: n }, (_, i) => (i % 3) * 0.3 - 0.3);
  it('flags the fifteenth point close to the centre', () => {
    expect(flagged(at(...hugging(15)), 7)).toEqual([14]);
  });
  it('does not fire for fourteen, nor with a point at 1σ among them', () => {
    expect(flagged(at(...hugging(14)), 7)).toEqual([]);
    const edge = hugging(15);
    edge[6] = 1;
    expect(flagged(at(...edge), 7)).toEqual([]);
  });
});

describe('run rule 8: eight in a row outside 1σ on both sides', () => {
  it('flags the eighth point of a run avoiding the middle on both sides', () => {
    expect(flagged(at(1.5, -1.5, 1.2, -1.1, 2, -2, 1.3, -1.4), 8)).toEqual([7]);
  });
  it('does not fire when all eight are on one side, or one is within 1σ', () => {
    expect(flagged(at(1.5, 1.5, 1.2, 1.1, 2, 2, 1.3, 1.4), 8)).toEqual([]);
    expect(flagged(at(1.5, -1.5, 1.2, -0.9, 2, -2, 1.3, -1.4), 8)).toEqual([]);
  });
});

describe('findViolations', () => {
  it('gives every rule a point breaks, in point then rule order, for the rules asked only', () => {
    // Eight above the centre, the last two far out: rules 1, 2, 3 and 4 meet at the last point.
    const values = at(0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 3.5, 3.6);
    expect(findViolations(values, C, S, WESTERN_ELECTRIC)).toEqual([
      { index: 6, rule: 1 },
      { index: 7, rule: 1 },
      { index: 7, rule: 2 },
      { index: 7, rule: 3 },
      { index: 7, rule: 4 },
    ]);
    expect(findViolations(values, C, S, [4])).toEqual([{ index: 7, rule: 4 }]);
    expect(findViolations(values, C, S, [])).toEqual([]);
  });
  it('flags nothing without a usable σ', () => {
    const values = at(5, 5, 5);
    for (const sigma of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(findViolations(values, C, sigma, RUN_RULE_IDS)).toEqual([]);
    expect(findViolations([], C, S, RUN_RULE_IDS)).toEqual([]);
  });
});

describe('a profile’s run rules', () => {
  it('are rule numbers 1–8, each once, answered in order', () => {
    expect(runRulesField.parse([4, 1, 8])).toEqual([1, 4, 8]);
    expect(runRulesField.parse([])).toEqual([]);
    for (const wrong of [[0], [9], [1.5], ['1'], [1, 1], 'all', null]) expect(runRulesField.safeParse(wrong).success).toBe(false);
  });
  it('read from storage leniently: the default when unreadable', () => {
    expect(parseRunRules('[1,5]')).toEqual([1, 5]);
    expect(parseRunRules('[]')).toEqual([]);
    expect(parseRunRules('nonsense')).toEqual([1, 2, 3, 4]);
    expect(parseRunRules(null)).toEqual([1, 2, 3, 4]);
  });
});
