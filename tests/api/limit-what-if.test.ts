/**
 * Limit what-if against a hand count: runs with known values, limits proposed, and every count,
 * yield and flipping board checked as worked out below; publishing makes the draft with the
 * limits and keeps the reason; bad input is refused on its field; only editors of the profile's
 * company may replay or publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitWhatIfInput } from '../../contract/limit-what-if';
import { limitWhatIf } from '../../server/services/limit-what-if';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { addStep, createProfile } from './helpers/test-profiles';

let t: TestApp;
let alpha: Production;
let profile: number;
const ids: Record<string, number> = {};

const post = (url: string, body?: unknown, as = 'alpha-engineer') => t.call('POST', `/v1${url}`, { as, body });
const get = (url: string, as = 'alpha-engineer') => t.call('GET', `/v1${url}`, { as });

const DAY = 86_400_000;
/**
 * `days` ago at noon UTC, `minutes` before: each run's day is its UTC date whatever the hour the
 * test runs at (from `Date.now()`, a run "one day ago" fell on the day before near midnight).
 */
const ago = (days: number, minutes = 0) => new Date(Math.floor(Date.now() / DAY) * DAY + DAY / 2 - days * DAY - minutes * 60_000).toISOString();

type Step = { name: string; value?: number | null; unit?: string; low?: number | null; high?: number | null; pass: boolean };
const vout = (value: number | null, pass: boolean): Step => ({ name: 'vout', value, unit: 'V', low: 3.2, high: 3.4, pass });
const ripple = (value: number, pass = true): Step => ({ name: 'ripple', value, unit: 'mV', low: null, high: 50, pass });
const flash: Step = { name: 'flash', pass: true };

/** The proposal: vout 3.1–3.32 V (was 3.2–3.4), ripple at most 40 mV (was 50). */
const LIMITS = [
  { step: 'vout', low: 3.1, high: 3.32 },
  { step: 'ripple', low: null, high: 40 },
];

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  profile = await createProfile(t, alpha.projectId, { name: 'WI', version: '1' });
  await addStep(t, profile, { name: 'vout', low: 3.2, high: 3.4, unit: 'V' });
  await addStep(t, profile, { name: 'ripple', low: null, high: 50, unit: 'mV' });
  await addStep(t, profile, { name: 'flash' });
  // Posted oldest first, so stored ids follow this order.
  const runs: [key: string, serial: string, days: number, result: 'pass' | 'fail' | 'error', steps: Step[], version?: string][] = [
    ['H1', 'WI-H', 100, 'fail', [vout(3.15, false)]], // before the default 90 days
    ['G1', 'WI-G', 5, 'pass', [vout(3.3, true)], '2'], // G's first run, under version 2
    ['A1', 'WI-A', 4, 'fail', [vout(3.45, false), ripple(20), flash]],
    ['A2', 'WI-A', 3, 'pass', [vout(3.38, true), flash]],
    ['B1', 'WI-B', 3, 'pass', [vout(3.3, true), ripple(45), flash]],
    ['C1', 'WI-C', 2, 'fail', [vout(3.15, false), flash]],
    ['D1', 'WI-D', 2, 'pass', [vout(3.35, true), ripple(30), flash]],
    ['E1', 'WI-E', 1, 'error', [vout(3.5, false)]],
    ['F1', 'WI-F', 1, 'fail', [vout(null, false), flash]],
    ['G2', 'WI-G', 1, 'fail', [vout(3.25, false), flash]],
  ];
  for (const [i, [key, serial, days, result, steps, version]] of runs.entries()) {
    const res = await alpha.report({ serial, finished_at: ago(days, 100 - i), result, steps, test_profile: 'WI', test_profile_version: version ?? '1' });
    if (res.statusCode !== 201) throw new Error(`report ${key}: ${res.statusCode} ${res.body}`);
    ids[key] = res.json().data.report_id;
  }
});
afterAll(() => t?.close());

/**
 * By hand, default scope (version 1, last 90 days): A1 A2 B1 C1 D1 E1 F1 G2 = 8 runs of 7 boards;
 * first runs A1 B1 C1 D1 E1 F1 (G's first ran version 2, H's is older than 90 days).
 *   A1 vout 3.45 failed and fails: stays fail.       A2 vout 3.38 now fails: new fail.
 *   B1 ripple 45 > 40: new fail (first run).           C1 vout 3.15 now passes: escape (first run).
 *   D1 vout 3.35 > 3.32: new fail (first run).         E1 error stays error.
 *   F1 vout has no value: keeps its fail.              G2 vout 3.25 now passes: escape.
 * First passes: now B1 D1 = 2 of 6; projected C1 = 1 of 6.
 */
describe('what-if', () => {
  it('counts escapes, new fails and yield as by hand, and lists the flipping boards newest first', async () => {
    const res = await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS });
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({
      runs: 8,
      truncated: false,
      boards: 7,
      first_runs: 6,
      first_passes: { now: 2, projected: 1 },
      escapes: { first_runs: 1, all_runs: 2 },
      new_fails: { first_runs: 2, all_runs: 3 },
      scope: { versions: 'this', batch_id: null, jig_id: null },
    });
    expect(a.first_pass_yield.now).toBeCloseTo(2 / 6, 12);
    expect(a.first_pass_yield.projected).toBeCloseTo(1 / 6, 12);
    // 90 days, today inclusive.
    expect(Date.parse(a.scope.to) - Date.parse(a.scope.from)).toBe(89 * DAY);
    expect(a.steps).toEqual([
      { step: 'vout', unit: 'V', current: { low: 3.2, high: 3.4 }, proposed: { low: 3.1, high: 3.32 }, runs: 8, measured: 7, newly_passing: 2, newly_failing: 2 },
      { step: 'ripple', unit: 'mV', current: { low: null, high: 50 }, proposed: { low: null, high: 40 }, runs: 3, measured: 3, newly_passing: 0, newly_failing: 1 },
    ]);
    const flip = (key: string, serial: string, kind: string, first_run: boolean, steps: string[]) => ({ report_id: ids[key], serial, kind, first_run, steps });
    expect(a.flips.total).toBe(5);
    expect(a.flips.data.map(({ device_id: _d, finished_at: _f, ...f }: Record<string, unknown>) => f)).toEqual([
      flip('G2', 'WI-G', 'escape', false, ['vout']),
      flip('D1', 'WI-D', 'new_fail', true, ['vout']),
      flip('C1', 'WI-C', 'escape', true, ['vout']),
      flip('B1', 'WI-B', 'new_fail', true, ['ripple']),
      flip('A2', 'WI-A', 'new_fail', false, ['vout']),
    ]);
    // The device id is the board's page.
    const board = await get(`/devices/${a.flips.data[0].device_id}`);
    expect(board.json().data.serial).toBe('WI-G');
  });

  it('replays the scope asked for: older days, every version, another batch', async () => {
    const older = (await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS, scope: { from: ago(120).slice(0, 10) } })).json().data;
    // H1 joins: a first run that now passes.
    expect(older).toMatchObject({ runs: 9, boards: 8, first_runs: 7, first_passes: { now: 2, projected: 2 }, escapes: { first_runs: 2, all_runs: 3 } });

    // Version 2 entered: G1 links to it; with every version G's first run (3.30, passes either way) counts.
    await createProfile(t, alpha.projectId, { version: '2', copy_of: profile });
    const all = (await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS, scope: { versions: 'all' } })).json().data;
    expect(all).toMatchObject({ runs: 9, boards: 7, first_runs: 7, first_passes: { now: 3, projected: 2 }, escapes: { first_runs: 1, all_runs: 2 }, new_fails: { all_runs: 3 } });

    const batch = await alpha.addBatch('Lot 2');
    const none = (await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS, scope: { batch_id: batch } })).json().data;
    expect(none).toMatchObject({ runs: 0, boards: 0, first_runs: 0, first_pass_yield: { now: null, projected: null }, flips: { data: [], total: 0 } });
    const to = (await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS, scope: { to: ago(2).slice(0, 10) } })).json().data;
    // Up to two days ago: A1 A2 B1 C1 D1.
    expect(to.runs).toBe(5);
  });

  it('replays at most the cap, newest first, page by page, and says it stopped', async () => {
    const replay = (cap: number, page: number) =>
      limitWhatIf(t.db, { id: profile, project_id: alpha.projectId, name: 'WI' }, limitWhatIfInput.parse({ limits: LIMITS }), { cap, page });
    // G2, F1, E1: one escape, no first passes.
    expect(await replay(3, 2)).toMatchObject({ runs: 3, truncated: true, cap: 3, boards: 3, first_runs: 2, escapes: { all_runs: 1 }, new_fails: { all_runs: 0 } });
    expect(await replay(8, 3)).toMatchObject({ runs: 8, truncated: false });
    // Pages of one run give what one page gives.
    const paged = await replay(100, 1);
    const whole = (await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS })).json().data;
    expect({ ...paged, cap: 0 }).toEqual({ ...whole, cap: 0 });
  });

  it('refuses bad input on its field', async () => {
    const errors = async (body: unknown) => {
      const res = await post(`/testprofiles/${profile}/what-if`, body);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await errors({ limits: [] })).toEqual({ limits: ['Propose new limits for at least one step.'] });
    expect(await errors({ limits: [{ step: 'nope', low: 1, high: 2 }] })).toEqual({ 'limits.0.step': ['This profile has no step “nope”.'] });
    expect(await errors({ limits: [{ step: 'vout', low: 3, high: 2 }] })).toEqual({ 'limits.0.high': ['High must not be below low.'] });
    expect(await errors({ limits: [{ step: 'vout', low: 3, high: 4 }, { step: 'vout', low: 1, high: 4 }] })).toEqual({ 'limits.1.step': ['Step “vout” is proposed twice.'] });
    expect(await errors({ limits: [{ step: 'vout', low: '3', high: 4 }] })).toEqual({ 'limits.0.low': ['Low is a number, not "3".'] });
    expect(await errors({ limits: LIMITS, scope: { from: '2026-05-02', to: '2026-05-01' } })).toEqual({ 'scope.to': ['To must not be before from.'] });
    const beta = await createProduction(t, 'beta');
    expect(Object.keys(await errors({ limits: LIMITS, scope: { batch_id: beta.batchId } }))).toEqual(['scope.batch_id']);
  });

  it('lets only the profile company’s editors replay; another company’s profile is a 404', async () => {
    expect((await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS }, 'alpha-admin')).statusCode).toBe(200);
    expect((await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS }, 'alpha-viewer')).statusCode).toBe(403);
    expect((await post(`/testprofiles/${profile}/what-if`, { limits: LIMITS }, 'beta-admin')).statusCode).toBe(404);
    expect((await post(`/testprofiles/${profile}/limit-proposals`, { limits: LIMITS, reason: 'x', version: '9' }, 'beta-engineer')).statusCode).toBe(404);
    expect((await get(`/testprofiles/${profile}/limit-proposal`, 'beta-viewer')).statusCode).toBe(404);
  });
});

describe('publishing a proposal', () => {
  it('makes a new draft with the proposed limits and keeps the reason, the changes and the replay', async () => {
    const reason = 'Probe change moved vout; ripple filter fitted.';
    const res = await post(`/testprofiles/${profile}/limit-proposals`, { limits: LIMITS, reason, version: '1.1' });
    expect(res.statusCode).toBe(201);
    const proposal = res.json().data;
    expect(proposal).toMatchObject({
      project_id: alpha.projectId,
      from_profile: { id: profile, name: 'WI', version: '1' },
      reason,
      changes: [
        { step: 'vout', unit: 'V', old: { low: 3.2, high: 3.4 }, new: { low: 3.1, high: 3.32 } },
        { step: 'ripple', unit: 'mV', old: { low: null, high: 50 }, new: { low: null, high: 40 } },
      ],
      summary: { runs: 8, first_runs: 6, escapes: { first_runs: 1, all_runs: 2 }, new_fails: { first_runs: 2, all_runs: 3 } },
      created_by: { username: 'alpha-engineer' },
    });
    const draft = (await get(`/testprofiles/${proposal.draft_profile_id}`)).json().data;
    expect(draft).toMatchObject({ name: 'WI', version: '1.1', status: 'draft', copied_from_id: profile, step_count: 3 });
    const steps = (await get(`/testprofiles/${draft.id}/testconfigurations`)).json().data;
    expect(steps.map((s: { name: string; low: number | null; high: number | null }) => [s.name, s.low, s.high])).toEqual([
      ['vout', 3.1, 3.32],
      ['ripple', null, 40],
      ['flash', null, null],
    ]);
    // The original is as it was.
    const original = (await get(`/testprofiles/${profile}/testconfigurations`)).json().data;
    expect(original.map((s: { low: number | null; high: number | null }) => [s.low, s.high])).toEqual([[3.2, 3.4], [null, 50], [null, null]]);
    // Whoever opens the draft reads why; the original was made from no proposal.
    const why = await get(`/testprofiles/${draft.id}/limit-proposal`, 'alpha-viewer');
    expect(why.statusCode).toBe(200);
    expect(why.json().data).toEqual(proposal);
    expect((await get(`/testprofiles/${profile}/limit-proposal`, 'alpha-viewer')).json()).toEqual({ data: null });
  });

  it('refuses a taken version, a missing or too long reason, and a viewer; writes nothing then', async () => {
    const before = (await get(`/projects/${alpha.projectId}/testprofiles`)).json().meta.total;
    const refused = async (body: Record<string, unknown>, as = 'alpha-engineer') => post(`/testprofiles/${profile}/limit-proposals`, { limits: LIMITS, ...body }, as);
    const taken = await refused({ reason: 'Again', version: '1.1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ version: ['This project has a test profile of this name and version already.'] });
    expect((await refused({ version: '1.5' })).json().errors).toEqual({ reason: ['Reason is required.'] });
    expect((await refused({ version: '1.5', reason: '   ' })).json().errors).toEqual({ reason: ['Reason is required.'] });
    expect((await refused({ version: '1.5', reason: 'x'.repeat(501) })).json().errors).toEqual({ reason: ['Reason is at most 500 characters.'] });
    expect((await refused({ version: '1.5', reason: 'x'.repeat(500) }, 'alpha-viewer')).statusCode).toBe(403);
    expect((await get(`/projects/${alpha.projectId}/testprofiles`)).json().meta.total).toBe(before);
  });
});
