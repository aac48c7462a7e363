import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { falseFailIds, type Attempt } from '../../contract/fixture-health';
import { dialectOf } from '../../server/db/dialect';
import { DIMENSIONS } from '../../server/services/fixture-health-dimensions';
import { addDays, todayUtc } from '../../server/services/production/days';
import { judgedFailRows, type HealthRange } from '../../server/store/fixture-health';
import { createJig, createProduction, postReport, reportBody, wroteBehindTheServer, type Jig, type Production, type ReportBody } from './helpers/production';
import { sendToRepairDirect } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let line: Production;
let second: Jig;
let betaLine: Production;
const today = todayUtc();
const at = (days: number, hour: number, minute = 0) => `${addDays(today, -days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
const from = addDays(today, -6);
const contactFails: ReportBody['steps'] = [
  { name: 'contact', value: 9.5, unit: 'ohm', low: 0, high: 2, pass: false },
  { name: 'current', value: 0.2, unit: 'A', low: 0, high: 0.5, pass: true },
];

/** A run of the board at `jig`, stored as if it finished at `finished`; its device id. */
async function run(production: Production, jig: Jig, serial: string, result: 'pass' | 'fail' | 'error', finished: string, extra: Partial<ReportBody> = {}) {
  const res = await postReport(t, jig, reportBody({ project_id: production.projectId, production_batch_id: production.batchId, serial, result, finished_at: finished, ...extra }));
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return res.json().data.device_id as number;
}

async function repaired(device: number, sent: string, done: string) {
  const id = await sendToRepairDirect(t, device, { sent_at: sent });
  await t.db.updateTable('repairs').set({ status: 'repaired', repaired_at: done }).where('id', '=', id).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  line = await createProduction(t, 'alpha');
  second = await createJig(t, t.companyIds.alpha, { name: 'Second jig' });
  betaLine = await createProduction(t, 'beta');
  const first = line.jig;
  // A: fail → pass: a false fail at the first jig ('current').
  await run(line, first, 'A', 'fail', at(3, 8));
  await run(line, first, 'A', 'pass', at(3, 9));
  // B: fail → repair → pass: a real fail.
  const b = await run(line, first, 'B', 'fail', at(3, 10));
  await repaired(b, at(3, 11), at(3, 12));
  await run(line, first, 'B', 'pass', at(3, 13));
  // C: fail → fail at the first jig → pass at the second: the second fail is a false fail.
  await run(line, first, 'C', 'fail', at(2, 8));
  await run(line, first, 'C', 'fail', at(2, 9));
  await run(line, second, 'C', 'pass', at(2, 10));
  // D: fail ('contact') → pass at the second jig, the pass out of policy: a false fail all the same.
  await run(line, second, 'D', 'fail', at(2, 11), { steps: contactFails });
  const dPass = await run(line, second, 'D', 'pass', at(2, 12));
  await t.db.updateTable('device_reports').set({ out_of_policy: 'attempts_used_up' }).where('device_id', '=', dPass).where('result', '=', 'pass').execute();
  // E: fail → fail, no pass yet: no false fail.
  await run(line, second, 'E', 'fail', at(1, 8));
  await run(line, second, 'E', 'fail', at(1, 9));
  // F: passes at once; G: failed before the range, passed in it; H: fail → error → pass.
  await run(line, first, 'F', 'pass', at(1, 10));
  await run(line, first, 'G', 'fail', at(20, 8));
  await run(line, first, 'G', 'pass', at(1, 11));
  await run(line, first, 'H', 'fail', at(1, 12));
  await run(line, first, 'H', 'error', at(1, 13));
  await run(line, first, 'H', 'pass', at(1, 14));
  // Another company's false fail.
  await run(betaLine, betaLine.jig, 'Z', 'fail', at(1, 8));
  await run(betaLine, betaLine.jig, 'Z', 'pass', at(1, 9));
  wroteBehindTheServer(t);
});
afterAll(() => t?.close());

const health = async (query: string, as = 'alpha-viewer') => {
  const res = await t.call('GET', `/v1/statistics/fixture-health?from=${from}&to=${today}${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('fixture health', () => {
  it('counts false fails per jig from hand-built histories (fail→pass, fail→repair→pass, fail→fail→pass)', async () => {
    const data = await health(`&project_id=${line.projectId}`);
    // First jig: fails A, B, C1, C2, H; false fails A and C2. Runs: A2 B2 C2 F1 G1 H3.
    // Second jig: fails D, E1, E2; false fail D. Runs: C1 D2 E2.
    expect(data.groups).toEqual([
      expect.objectContaining({ key: line.jig.id, name: line.jig.name, detail: line.jig.serial, runs: 11, fails: 5, false_fails: 2, false_fail_share: 2 / 5, false_fail_rate: 2 / 11 }),
      expect.objectContaining({ key: second.id, name: 'Second jig', runs: 5, fails: 3, false_fails: 1 }),
    ]);
    // First tests at the first jig: A B C F G(before the range: not) H → 5, first passes F → 1.
    expect(data.groups[0]).toMatchObject({ first_tests: 5, first_passes: 1, first_pass_yield: 0.2 });
    expect(data.totals).toMatchObject({ runs: 16, fails: 8, false_fails: 3, false_fail_share: 3 / 8 });
    // Each jig names the company's settings row its pages are addressed by (null without one).
    for (const g of data.groups as { key: number; setting_id: number | null }[]) {
      const row = await t.db.selectFrom('enclosure_settings').select('id').where('enclosure_id', '=', g.key).where('company_id', '=', t.companyIds.alpha).executeTakeFirst();
      expect(g.setting_id, `jig ${g.key}`).toBe(row ? Number(row.id) : null);
    }
    expect(data.groups.some((g: { setting_id: number | null }) => g.setting_id !== null)).toBe(true);
  });

  it('names the steps that failed in the false-failing runs, per jig, with their pass rate', async () => {
    const data = await health(`&project_id=${line.projectId}`);
    const rows = data.steps.map((s: { key: number; step: string; failures: number; false_fails: number }) => [s.key, s.step, s.failures, s.false_fails]);
    expect(rows).toEqual([
      [line.jig.id, 'current', 5, 2],
      [second.id, 'contact', 1, 1],
      [second.id, 'current', 2, 0],
    ]);
    expect(data.steps[0].pass_rate).toBeCloseTo(1 - 5 / 11, 10);
    expect(data.steps[0].cpk).toBeNull();
  });

  it('gives one jig its Cpk and the trend by day', async () => {
    const data = await health(`&enclosure_id=${line.jig.id}&bucket=day`);
    expect(data.groups.map((g: { key: number }) => g.key)).toEqual([line.jig.id]);
    const current = data.steps.find((s: { step: string }) => s.step === 'current');
    expect(typeof current.cpk).toBe('number');
    expect(current.level).toBe('alarm');
    expect(data.trend).toHaveLength(7);
    const byDate = Object.fromEntries(data.trend.map((p: { date: string; fails: number; false_fails: number }) => [p.date, [p.fails, p.false_fails]]));
    expect(byDate[addDays(today, -3)]).toEqual([2, 1]);
    expect(byDate[addDays(today, -2)]).toEqual([2, 1]);
    expect(byDate[addDays(today, -1)]).toEqual([1, 0]);
  });

  it('agrees with the rule’s oracle on random histories', async () => {
    const random = await createProduction(t, 'alpha');
    let seed = 54;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let board = 0; board < 24; board++) {
      const serial = `R${board}`;
      for (let i = 0; i < 2 + Math.floor(next() * 5); i++) {
        const roll = next();
        const result = roll < 0.5 ? 'fail' : roll < 0.9 ? 'pass' : 'error';
        // Some runs share a finish: the order is then the id's.
        const device = await run(random, next() < 0.5 ? random.jig : second, serial, result, at(2, 1 + i, next() < 0.2 ? 0 : board));
        if (next() < 0.2) await repaired(device, at(2, 1 + i, board + 1), at(2, 1 + i, board + 2));
      }
    }
    wroteBehindTheServer(t);
    const range: HealthRange = { company_id: t.companyIds.alpha, from: `${from}T00:00:00.000Z`, until: `${addDays(today, 1)}T00:00:00.000Z`, project_id: random.projectId };
    const judged = await judgedFailRows(t.db, range, (r) => DIMENSIONS.jig.key(r, { dialect: dialectOf(t.db), range }));
    const attempts = (await t.db
      .selectFrom('device_reports')
      .where('project_id', '=', random.projectId)
      .select(['id', 'device_id', 'finished_at', 'result'])
      .execute()) as Attempt[];
    const repairs = await t.db.selectFrom('repairs').where('project_id', '=', random.projectId).select(['device_id', 'sent_at', 'repaired_at']).execute();
    const oracle = falseFailIds(attempts, repairs);
    expect(judged.length).toBe(attempts.filter((a) => a.result === 'fail').length);
    expect(new Set(judged.filter((j) => j.false_fail).map((j) => j.id))).toEqual(oracle);
    expect(oracle.size).toBeGreaterThan(3);
  });

  it('keeps to the company: another company sees only its own, a superadmin names it', async () => {
    const beta = await health('', 'beta-viewer');
    expect(beta.groups.map((g: { key: number }) => g.key)).toEqual([betaLine.jig.id]);
    expect(beta.totals).toMatchObject({ fails: 1, false_fails: 1 });
    const superadmin = await health(`&company_id=${t.companyIds.beta}`, 'root');
    expect(superadmin).toEqual(beta);
    expect((await t.call('GET', `/v1/statistics/fixture-health?company_id=${t.companyIds.alpha}`, { as: 'beta-admin' })).statusCode).toBe(403);
  });

  it('refuses a project or jig of another company, a backwards range and an unknown split', async () => {
    let res = await t.call('GET', `/v1/statistics/fixture-health?project_id=${betaLine.projectId}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ project_id: ['There is no such project in this company.'] });
    res = await t.call('GET', `/v1/statistics/fixture-health?enclosure_id=${betaLine.jig.id}`, { as: 'alpha-viewer' });
    expect(res.json().errors).toEqual({ enclosure_id: ['There is no such jig in this company.'] });
    res = await t.call('GET', `/v1/statistics/fixture-health?from=${today}&to=${from}`, { as: 'alpha-viewer' });
    expect(res.json().errors).toEqual({ from: ['from must not be after to.'] });
    res = await t.call('GET', `/v1/statistics/fixture-health?by=pin`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.by).toBeDefined();
  });

  it('finds a jig’s failing runs through the index of fails', async () => {
    const pg = dialectOf(t.db) === 'postgres';
    const plan = await t.db.transaction().execute(async (trx) => {
      if (pg) await sql`set local enable_seqscan = off`.execute(trx);
      const query = sql`select id from device_reports r where r.enclosure_id = ${line.jig.id} and r.result = 'fail' and r.finished_at >= ${from} and r.finished_at < ${today}`;
      const { rows } = await sql<Record<string, string>>`${sql.raw(pg ? 'explain' : 'explain query plan')} ${query}`.execute(trx);
      return rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
    });
    expect(plan).toMatch(/device_reports_enclosure_fails/);
  });
});
