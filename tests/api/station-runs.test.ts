import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jigReportInput } from '../../contract/jig';
import { ingestReports } from '../../server/services/production/ingest';
import '../../server/store/enclosure-settings';
import '../../server/store/station-scans';
import { batchCounters, createJig, createProduction, type Jig, pointJigAtProject, postReport, type Production, reportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activeProfileWithLimit } from './helpers/test-profiles';

/**
 * A station's scans and the jig's runs they lead to: the operator recorded on the run, the run
 * that arrives before its scan, and runs that should not have happened (out of policy), stored
 * and counted all the same, marked, and said so in the jig's answer.
 */
let t: TestApp;
let alpha: Production;
/** A second jig of Alpha's project: another station of the same line. */
let lineB: Jig;
const operators: Record<string, number> = {};
const LIMIT = 2;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Station line' });
  await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
  lineB = await createJig(t, t.companyIds.alpha);
  await pointJigAtProject(t, lineB.id, alpha.projectId);
  await activeProfileWithLimit(t, alpha.projectId, LIMIT);
  for (const who of ['alpha-operator', 'alpha-engineer']) operators[who] = (await t.call('GET', '/v1/users/me', { as: who })).json().data.id;
});
afterAll(() => t?.close());

const scan = (jigId: number, serial: string, as = 'alpha-operator') => t.call('POST', `/v1/stations/${jigId}/scans`, { as, body: { serial } });
const run = (jig: Jig, serial: string, result: 'pass' | 'fail' | 'error' = 'fail') =>
  postReport(t, jig, reportBody({ serial, result, project_id: alpha.projectId, production_batch_id: alpha.batchId }));
const reportRow = (id: number) => t.db.selectFrom('device_reports').select(['operator_id', 'out_of_policy', 'device_id']).where('id', '=', id).executeTakeFirstOrThrow();
const scanRow = (id: number) => t.db.selectFrom('station_scans').select(['report_id', 'operator_id']).where('id', '=', id).executeTakeFirstOrThrow();
const boardOf = (serial: string) => t.db.selectFrom('devices').selectAll().where('serial', '=', serial).executeTakeFirstOrThrow();
/** What the other half of the repair loop does when a repair is done: the board back to test with fresh attempts. */
async function completeRepair(serial: string) {
  const board = await boardOf(serial);
  await t.db.updateTable('repairs').set({ status: 'repaired', repaired_at: new Date().toISOString() }).where('device_id', '=', board.id).where('status', '=', 'waiting').execute();
  await t.db.updateTable('devices').set({ in_repair: 0, repair_base_count: board.report_count }).where('id', '=', board.id).execute();
}

describe('the operator of a run', () => {
  it("is the operator whose go scan at that jig led to it, and the scan names the run; a later run of the board has none", async () => {
    const scanned = await scan(alpha.jig.id, 'OP-1');
    expect(scanned.json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 0 } });
    const posted = await run(alpha.jig, 'OP-1');
    expect(posted.statusCode).toBe(201);
    const reportId = posted.json().data.report_id;
    expect(await reportRow(reportId)).toMatchObject({ operator_id: operators['alpha-operator'], out_of_policy: null });
    expect(await scanRow(scanned.json().data.scan_id)).toMatchObject({ report_id: reportId });
    // The scan led to one run: the next run of the board without a new scan has no operator.
    const again = await run(alpha.jig, 'OP-1');
    expect(await reportRow(again.json().data.report_id)).toMatchObject({ operator_id: null });
  });

  it("is not taken from a scan at another jig, one older than SCAN_LEADS_TO_REPORT_MS, or one of the jig's earlier company", async () => {
    await scan(alpha.jig.id, 'OP-2');
    const elsewhere = await run(lineB, 'OP-2');
    expect(await reportRow(elsewhere.json().data.report_id)).toMatchObject({ operator_id: null });

    const old = await scan(lineB.id, 'OP-3');
    await t.db.updateTable('station_scans').set({ scanned_at: new Date(Date.now() - 31 * 60_000).toISOString() }).where('id', '=', old.json().data.scan_id).execute();
    const late = await run(lineB, 'OP-3');
    expect(await reportRow(late.json().data.report_id)).toMatchObject({ operator_id: null });
    expect(await scanRow(old.json().data.scan_id)).toMatchObject({ report_id: null });

    // A scan the jig's earlier company made (the jig changed hands) is not this company's run.
    const earlier = await scan(lineB.id, 'OP-4');
    await t.db.updateTable('station_scans').set({ company_id: t.companyIds.beta }).where('id', '=', earlier.json().data.scan_id).execute();
    const moved = await run(lineB, 'OP-4');
    expect(await reportRow(moved.json().data.report_id)).toMatchObject({ operator_id: null });
    expect(await scanRow(earlier.json().data.scan_id)).toMatchObject({ report_id: null });
  });

  it('is each station\'s own when two stations scan at two jigs at once and both runs come together', async () => {
    const [atA, atB] = await Promise.all([scan(alpha.jig.id, 'TWO-A', 'alpha-operator'), scan(lineB.id, 'TWO-B', 'alpha-engineer')]);
    expect([atA.statusCode, atB.statusCode]).toEqual([201, 201]);
    // Posted together: the report queue may store them in one group, which reads the scans once.
    const [runA, runB] = await Promise.all([run(alpha.jig, 'TWO-A'), run(lineB, 'TWO-B')]);
    expect(await reportRow(runA.json().data.report_id)).toMatchObject({ operator_id: operators['alpha-operator'] });
    expect(await reportRow(runB.json().data.report_id)).toMatchObject({ operator_id: operators['alpha-engineer'] });
    expect(await scanRow(atA.json().data.scan_id)).toMatchObject({ report_id: runA.json().data.report_id });
    expect(await scanRow(atB.json().data.scan_id)).toMatchObject({ report_id: runB.json().data.report_id });
  });

  it('pairs the runs of one group for one board with its newest scans, oldest first', async () => {
    const first = await scan(lineB.id, 'PAIR-1', 'alpha-operator');
    const second = await scan(lineB.id, 'PAIR-1', 'alpha-engineer');
    const items = [0, 1].map(() => ({
      jig: { id: lineB.id, company_id: t.companyIds.alpha },
      input: jigReportInput.parse(reportBody({ serial: 'PAIR-1', result: 'fail', project_id: alpha.projectId, production_batch_id: alpha.batchId })),
    }));
    const outcomes = await ingestReports(t.db, items);
    const ids = outcomes.map((o) => (o.ok ? o.result.report_id : -1));
    expect(await reportRow(ids[0])).toMatchObject({ operator_id: operators['alpha-operator'] });
    expect(await reportRow(ids[1])).toMatchObject({ operator_id: operators['alpha-engineer'] });
    expect((await scanRow(first.json().data.scan_id)).report_id).toBe(ids[0]);
    expect((await scanRow(second.json().data.scan_id)).report_id).toBe(ids[1]);
  });
});

describe('a run that arrives before its scan', () => {
  it("is the scan's run: the go answers it with its failing steps, the board as before it, and the operator is recorded", async () => {
    const posted = await run(alpha.jig, 'EARLY-1');
    const reportId = posted.json().data.report_id;
    const scanned = await scan(alpha.jig.id, 'EARLY-1', 'alpha-engineer');
    expect(scanned.statusCode).toBe(201);
    expect(scanned.json().data).toEqual({
      outcome: 'go',
      scan_id: expect.any(Number),
      board: { serial: 'EARLY-1', attempts_used: 0, attempt_limit: LIMIT, last_result: 'fail', in_repair: false, repairs: 0 },
      report: {
        report_id: reportId,
        jig_id: alpha.jig.id,
        serial: 'EARLY-1',
        result: 'fail',
        failing_steps: [{ name: 'current', measured: 0.9, low: 0, high: 0.5, unit: 'A' }],
        finished_at: expect.any(String),
        out_of_policy: null,
        fixture_id: expect.any(Number),
      },
    });
    expect(await reportRow(reportId)).toMatchObject({ operator_id: operators['alpha-engineer'] });
    expect(await scanRow(scanned.json().data.scan_id)).toMatchObject({ report_id: reportId });
    // Claimed once: the next scan finds the run used, and waits for its own.
    const next = await scan(alpha.jig.id, 'EARLY-1');
    expect(next.json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 1 }, report: null });
  });

  it('is not claimed from another jig, nor once older than REPORT_BEFORE_SCAN_MS', async () => {
    await run(lineB, 'EARLY-2');
    expect((await scan(alpha.jig.id, 'EARLY-2')).json().data).toMatchObject({ outcome: 'go', report: null });

    const posted = await run(alpha.jig, 'EARLY-3', 'pass');
    await t.db.updateTable('device_reports').set({ created_at: new Date(Date.now() - 3 * 60_000).toISOString() }).where('id', '=', posted.json().data.report_id).execute();
    expect((await scan(alpha.jig.id, 'EARLY-3')).json().data).toMatchObject({ outcome: 'go', report: null, board: { attempts_used: 1 } });
    expect(await reportRow(posted.json().data.report_id)).toMatchObject({ operator_id: null });
  });

  it('is not claimed when it was out of policy: a run made while the board was not to be tested is no scan\'s', async () => {
    const posted = await run(alpha.jig, 'EARLY-4');
    await t.db.updateTable('device_reports').set({ out_of_policy: 'in_repair' }).where('id', '=', posted.json().data.report_id).execute();
    expect((await scan(alpha.jig.id, 'EARLY-4')).json().data).toMatchObject({ outcome: 'go', report: null });
    expect(await reportRow(posted.json().data.report_id)).toMatchObject({ operator_id: null });
  });
});

describe('out-of-policy runs', () => {
  it('are stored, counted and marked when the board had used up its attempts, and the jig is told in words', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await run(lineB, 'OOP-1')).json().data.out_of_policy).toBeNull();
    expect((await scan(alpha.jig.id, 'OOP-1')).json().data).toMatchObject({ outcome: 'stop', code: 'attempts_used_up' });
    const extra = reportBody({ serial: 'OOP-1', result: 'pass', project_id: alpha.projectId, production_batch_id: alpha.batchId });
    const posted = await postReport(t, lineB, extra);
    expect(posted.statusCode).toBe(201);
    expect(posted.json().data).toEqual({
      report_id: expect.any(Number),
      device_id: expect.any(Number),
      duplicate: false,
      out_of_policy: 'attempts_used_up',
      out_of_policy_words: 'Board “OOP-1” had used up its attempts of this repair cycle: send it to repair. The run is stored and counts in the figures like any other, marked out of policy.',
    });
    expect(await reportRow(posted.json().data.report_id)).toMatchObject({ out_of_policy: 'attempts_used_up' });
    // It happened: the board and the figures count it like any run.
    expect(await boardOf('OOP-1')).toMatchObject({ report_count: LIMIT + 1, last_result: 'pass', status: 'passed' });
    const counters = await batchCounters(t, alpha.batchId);
    expect(counters.stored).toEqual(counters.recounted);
    // A retry of it answers the same marking.
    const retry = await postReport(t, lineB, extra);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ duplicate: true, out_of_policy: 'attempts_used_up', report_id: posted.json().data.report_id });
  });

  it('count in order when a group holds several runs of one board', async () => {
    const items = [0, 1, 2, 3].map(() => ({
      jig: { id: lineB.id, company_id: t.companyIds.alpha },
      input: jigReportInput.parse(reportBody({ serial: 'OOP-2', result: 'fail', project_id: alpha.projectId, production_batch_id: alpha.batchId })),
    }));
    const outcomes = await ingestReports(t.db, items);
    expect(outcomes.map((o) => (o.ok ? o.result.out_of_policy : 'refused'))).toEqual([null, null, 'attempts_used_up', 'attempts_used_up']);
    const rows = await t.db.selectFrom('device_reports').select('out_of_policy').where('device_id', '=', (await boardOf('OOP-2')).id).orderBy('id').execute();
    expect(rows.map((r) => r.out_of_policy)).toEqual([null, null, 'attempts_used_up', 'attempts_used_up']);
  });

  it('are marked in_repair while the board waits for repair, and a completed repair gives fresh attempts', async () => {
    await run(lineB, 'OOP-3');
    const device = (await boardOf('OOP-3')).id;
    expect((await t.call('POST', `/v1/devices/${device}/repairs`, { as: 'alpha-engineer', body: { reason: 'Short on 3V3' } })).statusCode).toBe(201);
    expect((await scan(alpha.jig.id, 'OOP-3')).json().data).toEqual({
      outcome: 'stop',
      code: 'in_repair',
      words: 'Board “OOP-3” waits for repair: it is tested again once its repair is done.',
    });
    const during = await run(lineB, 'OOP-3');
    expect(during.json().data).toMatchObject({ out_of_policy: 'in_repair', out_of_policy_words: expect.stringContaining('waits for repair') });
    expect(await reportRow(during.json().data.report_id)).toMatchObject({ out_of_policy: 'in_repair' });

    await completeRepair('OOP-3');
    expect((await scan(alpha.jig.id, 'OOP-3')).json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 0, attempt_limit: LIMIT, in_repair: false, repairs: 1 } });
    for (let i = 0; i < LIMIT; i++) expect((await run(lineB, 'OOP-3')).json().data.out_of_policy).toBeNull();
    expect((await run(lineB, 'OOP-3')).json().data.out_of_policy).toBe('attempts_used_up');
  });

  it('are marked scrapped for a scrapped board, which the station stops before anything but release', async () => {
    await run(lineB, 'OOP-4');
    const device = (await boardOf('OOP-4')).id;
    expect((await t.call('POST', `/v1/devices/${device}/repairs`, { as: 'alpha-engineer', body: { reason: 'Burnt' } })).statusCode).toBe(201);
    await t.db.updateTable('devices').set({ status: 'scrapped' }).where('id', '=', device).execute();
    // Scrapped and in repair: scrapped is said first.
    expect((await scan(alpha.jig.id, 'OOP-4')).json().data).toEqual({ outcome: 'stop', code: 'scrapped', words: 'Board “OOP-4” is scrapped: it is not tested again.' });
    const posted = await run(lineB, 'OOP-4', 'pass');
    expect(posted.json().data).toMatchObject({ out_of_policy: 'scrapped' });
    expect(await boardOf('OOP-4')).toMatchObject({ status: 'scrapped' });
    await t.db.updateTable('devices').set({ status: 'released' }).where('id', '=', device).execute();
    expect((await scan(alpha.jig.id, 'OOP-4')).json().data).toMatchObject({ outcome: 'stop', code: 'released' });
  });
});
