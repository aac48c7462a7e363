import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/readiness';
import '../../server/store/station-scans';
import { addDays, todayUtc } from '../../server/services/production/days';
import { percentile } from '../../server/services/repair-statistics';
import { operatorRuns, operatorScans, repairsSent, type RepairRange } from '../../server/store/repair-statistics';
import { dialectOf } from '../../server/db/dialect';
import { sql, type Compilable } from 'kysely';
import { createProduction, wroteBehindTheServer, type Production } from './helpers/production';
import { addCode, completeForm, sendToRepairDirect } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let line: Production;
let otherLine: Production;
let op1: number;
let op2: number;
const today = todayUtc();
/** A moment `days` before today at `hour` UTC. */
const at = (days: number, hour: number) => `${addDays(today, -days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const from = addDays(today, -6);

/**
 * A run of the board, stored as if when it finished (the figures compare it with repair times),
 * marked as the station marks runs: its operator, whether out of policy.
 */
async function run(production: Production, serial: string, result: 'pass' | 'fail', finished: string, marks: { operator_id?: number; out_of_policy?: string } = {}) {
  const res = await production.report({ serial, result, finished_at: finished });
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  const { report_id, device_id } = res.json().data;
  await t.db.updateTable('device_reports').set({ created_at: finished, ...marks }).where('id', '=', report_id).execute();
  return device_id as number;
}

/** Sends the line's board to repair from its jig at `sent`, by `by`, and completes it at `done` (when given) with the code. */
async function repair(device: number, sent: string, by: number | null, done?: { at: string; code: number; outcome?: 'repaired' | 'scrapped' }) {
  const id = await sendToRepairDirect(t, device, { sent_at: sent, sent_by: by, enclosure_id: line.jig.id });
  if (!done) return id;
  const res = await t.call('POST', `/v1/repairs/${id}/complete`, {
    as: 'alpha-operator',
    body: completeForm({ outcome: done.outcome ?? 'repaired', failure_code_id: done.code, action: 'Fixed' }),
  });
  if (res.statusCode !== 200) throw new Error(`complete: ${res.statusCode} ${res.body}`);
  await t.db.updateTable('repairs').set({ repaired_at: done.at }).where('id', '=', id).execute();
  return id;
}

async function scan(production: Production, operator: number, when: string) {
  await t.db
    .insertInto('station_scans')
    .values({
      company_id: t.companyIds.alpha,
      enclosure_id: production.jig.id,
      project_id: production.projectId,
      operator_id: operator,
      serial: 'ANY',
      serial_key: 'any',
      device_id: null,
      test_profile_id: null,
      outcome: 'go',
      stop_code: null,
      attempts_used: 0,
      attempt_limit: null,
      scanned_at: when,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  line = await createProduction(t, 'alpha');
  otherLine = await createProduction(t, 'alpha');
  const beta = await createProduction(t, 'beta');
  op1 = t.userIds['alpha-operator']!;
  op2 = t.userIds['alpha-engineer']!;
  const solder = await addCode(t, t.companyIds.alpha, 'SOLDER-BRIDGE');
  const missing = await addCode(t, t.companyIds.alpha, 'MISSING-PART');
  const wrong = await addCode(t, t.companyIds.alpha, 'WRONG-PART');

  // A: two fails, repaired in 4 h, retested: pass.
  const a = await run(line, 'A', 'fail', at(3, 8), { operator_id: op1 });
  await run(line, 'A', 'fail', at(3, 9), { operator_id: op1 });
  await repair(a, at(3, 10), op1, { at: at(3, 14), code: solder });
  await run(line, 'A', 'pass', at(3, 15), { operator_id: op1 });
  // B: repaired in 2 h, retested without a scan: fail.
  const b = await run(line, 'B', 'fail', at(2, 7), { operator_id: op2 });
  await repair(b, at(2, 8), op2, { at: at(2, 10), code: solder });
  await run(line, 'B', 'fail', at(2, 11));
  // C: scrapped after 12 h.
  const c = await run(line, 'C', 'fail', at(2, 12), { operator_id: op1 });
  await repair(c, at(1, 0), op1, { at: at(1, 12), code: missing, outcome: 'scrapped' });
  // D: passes at once.
  await run(line, 'D', 'pass', at(2, 13), { operator_id: op2 });
  // E: waits for repair, and was run again all the same (out of policy).
  const e = await run(line, 'E', 'fail', at(1, 1), { operator_id: op2 });
  await repair(e, at(1, 2), op2);
  await run(line, 'E', 'fail', at(1, 3), { out_of_policy: 'in_repair' });
  // F: repaired in 1 h by a sender no longer known, not retested yet.
  const f = await run(line, 'F', 'fail', at(1, 5));
  await repair(f, at(1, 6), null, { at: at(1, 7), code: solder });
  // G: before the range, with a repair before it too.
  const g = await run(line, 'G', 'fail', at(20, 8), { operator_id: op1 });
  await repair(g, at(20, 9), op1, { at: at(19, 9), code: wrong });
  // Another project's board, and another company's.
  await run(otherLine, 'Q', 'pass', at(1, 9), { operator_id: op1 });
  await run(beta, 'Z', 'fail', at(1, 9));

  await scan(line, op1, at(3, 7));
  await scan(line, op1, at(3, 14));
  await scan(line, op2, at(2, 6));
  await scan(line, op1, at(20, 7));
  wroteBehindTheServer(t);
});
afterAll(() => t?.close());

const figures = async (query: string, as = 'alpha-viewer') => {
  const res = await t.call('GET', `/v1/statistics/repairs?from=${from}&to=${today}${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('repair statistics', () => {
  it('equal a hand count of a hand-built line', async () => {
    const data = await figures(`&project_id=${line.projectId}`);
    expect(data.pareto).toEqual([
      { failure_code_id: expect.any(Number), code: 'SOLDER-BRIDGE', description: 'Fault SOLDER-BRIDGE', count: 3, share: 0.75, cumulative_share: 0.75 },
      { failure_code_id: expect.any(Number), code: 'MISSING-PART', description: 'Fault MISSING-PART', count: 1, share: 0.25, cumulative_share: 1 },
    ]);
    // Boards with a run in the range: A–F; sent to repair in it: A, B, C, E, F.
    expect(data).toMatchObject({ boards_tested: 6, boards_sent_to_repair: 5, retested_after_repair: 2, first_pass_after_repair: 1, first_pass_after_repair_rate: 0.5, waiting_now: 1 });
    expect(data.repair_rate).toBeCloseTo(5 / 6, 10);
    // 1, 2, 4 and 12 hours.
    expect(data.time_in_repair_hours.median).toBeCloseTo(3, 6);
    expect(data.time_in_repair_hours.p90).toBeCloseTo(9.6, 6);
    expect(data.time_in_repair_hours.mean).toBeCloseTo(4.75, 6);
    expect(data.by_operator).toEqual([
      { operator: { id: op2, name: 'alpha-engineer' }, scans: 1, runs: 3, passes: 1, fails: 2, sent_to_repair: 2, out_of_policy_runs: 0 },
      { operator: { id: op1, name: 'alpha-operator' }, scans: 2, runs: 4, passes: 1, fails: 3, sent_to_repair: 2, out_of_policy_runs: 0 },
      { operator: null, scans: 0, runs: 3, passes: 0, fails: 3, sent_to_repair: 1, out_of_policy_runs: 1 },
    ]);
  });

  it('leave out runs that count nowhere: held, discarded, a golden unit’s', async () => {
    const runsOf = async () => (await figures(`&project_id=${line.projectId}`)).by_operator.find((o: { operator: { id: number } | null }) => o.operator?.id === op1).runs as number;
    const before = await runsOf();
    const one = await t.db.selectFrom('device_reports').select('id').where('operator_id', '=', op1).where('project_id', '=', line.projectId).where('finished_at', '>=', from).executeTakeFirstOrThrow();
    for (const mark of [{ held: 'held' }, { held: 'discarded' }, { golden: 'right' }] as const) {
      await t.db.updateTable('device_reports').set(mark).where('id', '=', one.id).execute();
      await wroteBehindTheServer(t);
      expect(await runsOf(), JSON.stringify(mark)).toBe(before - 1);
      await t.db.updateTable('device_reports').set({ held: null, golden: null }).where('id', '=', one.id).execute();
    }
    await wroteBehindTheServer(t);
    expect(await runsOf()).toBe(before);
  });

  it('take in the company’s other projects unless narrowed, by project or by jig', async () => {
    const all = await figures('');
    expect(all.boards_tested).toBe(7);
    expect(all.by_operator.find((o: { operator: { id: number } | null }) => o.operator?.id === op1).runs).toBe(5);
    const byJig = await figures(`&enclosure_id=${line.jig.id}`);
    expect(byJig.boards_tested).toBe(6);
    expect(byJig.pareto.map((p: { count: number }) => p.count)).toEqual([3, 1]);
    const superadmin = await figures(`&company_id=${t.companyIds.alpha}`, 'root');
    expect(superadmin).toEqual(all);
  });

  it('widens to older repairs with the range, and is empty of nothing', async () => {
    const wide = await t.call('GET', `/v1/statistics/repairs?from=${addDays(today, -30)}&to=${today}&project_id=${line.projectId}`, { as: 'alpha-admin' });
    expect(wide.json().data.pareto.map((p: { code: string }) => p.code)).toEqual(['SOLDER-BRIDGE', 'MISSING-PART', 'WRONG-PART']);
    const none = await figures('', 'beta-viewer');
    expect(none).toMatchObject({ pareto: [], boards_sent_to_repair: 0, repair_rate: 0, time_in_repair_hours: null, first_pass_after_repair_rate: null, waiting_now: 0 });
  });

  it('refuses a project or jig of another company, a backwards range, and another company named by its people', async () => {
    const beta = await createProduction(t, 'beta');
    let res = await t.call('GET', `/v1/statistics/repairs?project_id=${beta.projectId}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ project_id: ['There is no such project in this company.'] });
    res = await t.call('GET', `/v1/statistics/repairs?enclosure_id=${beta.jig.id}`, { as: 'alpha-viewer' });
    expect(res.json().errors).toEqual({ enclosure_id: ['There is no such jig in this company.'] });
    res = await t.call('GET', `/v1/statistics/repairs?from=${today}&to=${from}`, { as: 'alpha-viewer' });
    expect(res.json().errors).toEqual({ from: ['from must not be after to.'] });
    expect((await t.call('GET', `/v1/statistics/repairs?company_id=${t.companyIds.alpha}`, { as: 'beta-admin' })).statusCode).toBe(403);
  });

  it('interpolates percentiles between the nearest values', () => {
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([1, 2, 4, 12], 0.5)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
  });

  it('reads the runs, scans and repairs of a range through their indexes, not the whole tables', async () => {
    const range: RepairRange = { company_id: t.companyIds.alpha, from: `${from}T00:00:00.000Z`, until: `${today}T23:59:59.999Z` };
    /** The query's plan; on PostgreSQL with sequential scans off, so a few test rows do not hide whether an index serves. */
    const explained = (query: Compilable) =>
      t.db.transaction().execute(async (trx) => {
        const compiled = query.compile();
        const pg = dialectOf(t.db) === 'postgres';
        if (pg) await sql`set local enable_seqscan = off`.execute(trx);
        const result = await trx.executeQuery({ ...compiled, sql: `${pg ? 'explain' : 'explain query plan'} ${compiled.sql}` } as typeof compiled);
        return (result.rows as Record<string, string>[]).map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
      });
    expect(await explained(operatorRuns(t.db, range))).toMatch(/device_reports_enclosure/);
    expect(await explained(operatorScans(t.db, range))).toMatch(/station_scans_jig_time/);
    expect(await explained(repairsSent(t.db, range))).toMatch(/repairs_project_status/);
  });
});
