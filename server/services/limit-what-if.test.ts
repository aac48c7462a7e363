import { describe, expect, it } from 'vitest';
import { judgeRun, replayDays } from './limit-what-if';

const limits = new Map([
  ['vout', { low: 3.1, high: 3.32 }],
  ['ripple', { low: null, high: 40 }],
]);
const run = (...steps: object[]) => JSON.stringify(steps);

describe('a run judged again against proposed limits', () => {
  it('passes a proposed step iff its value lies within the new limits, the limits included', () => {
    expect(judgeRun('fail', run({ name: 'vout', value: 3.32, pass: false }), limits)).toEqual({
      now: 'fail',
      projected: 'pass',
      changed: [{ step: 'vout', passes: true }],
      carried: [{ step: 'vout', measured: true }],
    });
    expect(judgeRun('pass', run({ name: 'vout', value: 3.1, pass: true }, { name: 'ripple', value: 40.01, pass: true }), limits)).toMatchObject({
      projected: 'fail',
      changed: [{ step: 'ripple', passes: false }],
    });
    // An open low limit is no bound.
    expect(judgeRun('pass', run({ name: 'ripple', value: -1e9, pass: true }), limits).projected).toBe('pass');
  });

  it('keeps a step without a value, every other step and an error run as recorded', () => {
    expect(judgeRun('fail', run({ name: 'vout', value: null, pass: false }), limits)).toMatchObject({ projected: 'fail', changed: [], carried: [{ step: 'vout', measured: false }] });
    // vout would pass, but another step still fails the run.
    expect(judgeRun('fail', run({ name: 'vout', value: 3.2, pass: false }, { name: 'flash', pass: false }), limits)).toMatchObject({ projected: 'fail' });
    expect(judgeRun('error', run({ name: 'vout', value: 3.2, pass: false }), limits)).toMatchObject({ now: 'error', projected: 'error' });
  });

  it('keeps the result of a run none of whose steps changes, even one whose steps all passed', () => {
    // Failed for a reason no step shows (e.g. a check the jig does not report as a step).
    expect(judgeRun('fail', run({ name: 'vout', value: 3.3, pass: true }, { name: 'flash', pass: true }), limits)).toMatchObject({ projected: 'fail', changed: [] });
    expect(judgeRun('pass', 'not json', limits)).toEqual({ now: 'pass', projected: 'pass', changed: [], carried: [] });
  });
});

describe('the history replayed by default', () => {
  it('is the last 90 days up to today, or up to `to`', () => {
    const today = new Date('2026-12-07T15:00:00Z');
    expect(replayDays({}, today)).toEqual({ from: '2026-09-09', to: '2026-12-07' });
    expect(replayDays({ to: '2026-03-31' }, today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(replayDays({ from: '2025-01-01' }, today)).toEqual({ from: '2025-01-01', to: '2026-12-07' });
  });
});
