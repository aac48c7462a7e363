import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import '../../server/store/repair-tables';
import '../../server/store/station-scans';
import { createJig, createProduction, type Jig, pointJigAtProject, postReport, type Production, reportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activeProfileWithLimit } from './helpers/test-profiles';

/**
 * The operator's acknowledgement of a failing run (retest within the attempt limit, or repair)
 * and the hand-off to repair, from the station or from a board's page.
 */
let t: TestApp;
let alpha: Production;
let lineB: Jig;
let beta: Production;
let operator: number;
const LIMIT = 2;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Ack line' });
  beta = await createProduction(t, 'beta', { project: 'Beta line' });
  await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
  await pointJigAtProject(t, beta.jig.id, beta.projectId);
  lineB = await createJig(t, t.companyIds.alpha);
  await pointJigAtProject(t, lineB.id, alpha.projectId);
  await activeProfileWithLimit(t, alpha.projectId, LIMIT);
  operator = (await t.call('GET', '/v1/users/me', { as: 'alpha-operator' })).json().data.id;
});
afterAll(() => t?.close());

const scan = (serial: string, jig = alpha.jig) => t.call('POST', `/v1/stations/${jig.id}/scans`, { as: 'alpha-operator', body: { serial } });
const run = (serial: string, result: 'pass' | 'fail' | 'error' = 'fail', jig = alpha.jig) =>
  postReport(t, jig, reportBody({ serial, result, project_id: alpha.projectId, production_batch_id: alpha.batchId }));
const acknowledge = (scanId: number, body: unknown, as = 'alpha-operator', jigId = alpha.jig.id) =>
  t.call('POST', `/v1/stations/${jigId}/scans/${scanId}/acknowledge`, { as, body });
const sendFromPage = (deviceId: number, body: unknown, as = 'alpha-engineer') => t.call('POST', `/v1/devices/${deviceId}/repairs`, { as, body });

/** A scan whose run failed: its id, and the run's. */
async function failedScan(serial: string, result: 'fail' | 'error' = 'fail') {
  const scanned = await scan(serial);
  if (scanned.json().data.outcome !== 'go') throw new Error(`scan: ${scanned.body}`);
  const posted = await run(serial, result);
  return { scanId: scanned.json().data.scan_id as number, reportId: posted.json().data.report_id as number, deviceId: posted.json().data.device_id as number };
}

/** Boards whose in_repair differs from a recount of their waiting repairs. */
async function inRepairDrift() {
  const boards = await t.db.selectFrom('devices').select(['id', 'in_repair']).execute();
  const waiting = await t.db.selectFrom('repairs').select('device_id').where('status', '=', 'waiting').execute();
  const counted = new Map<number, number>();
  for (const r of waiting) counted.set(r.device_id, (counted.get(r.device_id) ?? 0) + 1);
  return boards.filter((b) => b.in_repair !== (counted.get(b.id) ?? 0)).map((b) => b.id);
}

describe('POST /v1/stations/{jig_id}/scans/{scan_id}/acknowledge', () => {
  it('allows a retest within the attempt limit, refuses one past it, and then sends the board to repair with the failing steps', async () => {
    const first = await failedScan('ACK-1');
    const retest = await acknowledge(first.scanId, { choice: 'retest' });
    expect(retest.statusCode).toBe(200);
    expect(retest.json().data).toEqual({
      board: { serial: 'ACK-1', attempts_used: 1, attempt_limit: LIMIT, last_result: 'fail', in_repair: false, repairs: 0 },
      repair_id: null,
    });
    expect(await t.db.selectFrom('station_scans').select(['acknowledgement', 'acknowledged_at']).where('id', '=', first.scanId).executeTakeFirstOrThrow()).toMatchObject({
      acknowledgement: 'retest',
      acknowledged_at: expect.any(String),
    });
    // Once: the second tap is refused in words.
    const twice = await acknowledge(first.scanId, { choice: 'retest' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The fail of “ACK-1” was acknowledged already (retest).');

    // The second run (an error is a fail to the operator) uses up the attempts: the server refuses the retest.
    const second = await failedScan('ACK-1', 'error');
    const refused = await acknowledge(second.scanId, { choice: 'retest' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Board “ACK-1” has used its ${LIMIT} of ${LIMIT} attempts: send it to repair.`);

    const before = new Date().toISOString();
    const repair = await acknowledge(second.scanId, { choice: 'repair', reason: '  No boot after two tries  ' });
    expect(repair.statusCode).toBe(200);
    const answer = repair.json().data;
    expect(answer).toEqual({
      board: { serial: 'ACK-1', attempts_used: LIMIT, attempt_limit: LIMIT, last_result: 'fail', in_repair: true, repairs: 0 },
      repair_id: expect.any(Number),
    });
    const row = await t.db.selectFrom('repairs').selectAll().where('id', '=', answer.repair_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: t.companyIds.alpha,
      project_id: alpha.projectId,
      device_id: second.deviceId,
      status: 'waiting',
      reason: 'No boot after two tries',
      report_id: second.reportId,
      enclosure_id: alpha.jig.id,
      scan_id: second.scanId,
      sent_by: operator,
      failure_code_id: null,
    });
    expect(row.sent_at >= before).toBe(true);
    // The error run failed no step: the repair says so rather than naming none.
    expect(JSON.parse(row.failing_steps)).toEqual([{ name: 'The run ended in an error (no step failed)', measured: null, low: null, high: null, unit: '' }]);
    expect((await t.db.selectFrom('devices').select('in_repair').where('id', '=', second.deviceId).executeTakeFirstOrThrow()).in_repair).toBe(1);
    expect((await scan('ACK-1')).json().data).toMatchObject({ outcome: 'stop', code: 'in_repair' });
    expect(await inRepairDrift()).toEqual([]);
  });

  it("names the failing steps of the run, measured against its limits, on the repair", async () => {
    const scanned = await scan('ACK-2');
    const posted = await postReport(
      t,
      alpha.jig,
      reportBody({
        serial: 'ACK-2',
        result: 'fail',
        project_id: alpha.projectId,
        production_batch_id: alpha.batchId,
        steps: [
          { name: 'power on', value: 3.3, unit: 'V', low: 3.1, high: 3.5, pass: true },
          { name: 'ripple', value: 120, unit: 'mV', low: null, high: 50, pass: false },
          { name: 'flash', pass: false },
        ],
      }),
    );
    expect(posted.statusCode).toBe(201);
    const repair = await acknowledge(scanned.json().data.scan_id, { choice: 'repair', reason: 'Ripple' });
    expect(repair.statusCode).toBe(200);
    const row = await t.db.selectFrom('repairs').select('failing_steps').where('id', '=', repair.json().data.repair_id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.failing_steps)).toEqual([
      { name: 'ripple', measured: 120, low: null, high: 50, unit: 'mV' },
      { name: 'flash', measured: null, low: null, high: null, unit: '' },
    ]);
    // The station shows the same run the same way.
    const shown = await t.call('GET', `/v1/stations/${alpha.jig.id}/reports/${posted.json().data.report_id}`, { as: 'alpha-viewer' });
    expect(shown.json().data).toMatchObject({ result: 'fail', failing_steps: JSON.parse(row.failing_steps) });
  });

  it('refuses a scan whose run has not come, passed, or is of another jig, and a board that already waits for repair', async () => {
    const waiting = await scan('ACK-3');
    const early = await acknowledge(waiting.json().data.scan_id, { choice: 'retest' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("The scan of “ACK-3” has led to no run yet: wait for the jig's result.");
    await run('ACK-3', 'pass');
    const passed = await acknowledge(waiting.json().data.scan_id, { choice: 'repair', reason: 'x' });
    expect(passed.statusCode).toBe(409);
    expect(passed.json().message).toBe('The run of “ACK-3” passed: there is nothing to acknowledge.');

    const failed = await failedScan('ACK-4');
    // The scan is of the first jig: at another jig of the company, and at another company's, it does not exist.
    expect((await acknowledge(failed.scanId, { choice: 'retest' }, 'alpha-operator', lineB.id)).statusCode).toBe(404);
    expect((await acknowledge(failed.scanId, { choice: 'retest' }, 'beta-operator', beta.jig.id)).statusCode).toBe(404);
    expect((await acknowledge(failed.scanId, { choice: 'retest' }, 'beta-admin')).statusCode).toBe(404);
    expect((await acknowledge(999_999, { choice: 'retest' })).statusCode).toBe(404);
    // Viewers read only.
    expect((await acknowledge(failed.scanId, { choice: 'retest' }, 'alpha-viewer')).statusCode).toBe(403);
    // A repair needs its reason; a choice is one of two.
    for (const body of [{ choice: 'repair' }, { choice: 'repair', reason: '   ' }]) {
      const res = await acknowledge(failed.scanId, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect((await acknowledge(failed.scanId, { choice: 'later' })).statusCode).toBe(422);

    // Sent to repair from its page meanwhile: the station's repair and retest are refused.
    expect((await sendFromPage(failed.deviceId, { reason: 'Engineer wants it' })).statusCode).toBe(201);
    const again = await acknowledge(failed.scanId, { choice: 'repair', reason: 'Station too' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Board “ACK-4” already waits for repair: finish that repair first.');
    const retest = await acknowledge(failed.scanId, { choice: 'retest' });
    expect(retest.statusCode).toBe(409);
    expect(retest.json().message).toMatch(/waits for repair/);
    // Nothing of the refused acknowledgements was recorded.
    expect((await t.db.selectFrom('station_scans').select('acknowledgement').where('id', '=', failed.scanId).executeTakeFirstOrThrow()).acknowledgement).toBeNull();
    expect(await inRepairDrift()).toEqual([]);
  });

  it('records one repair when two taps of Send to repair come at once', async () => {
    const failed = await failedScan('ACK-5');
    const answers = await Promise.all([0, 1].map(() => acknowledge(failed.scanId, { choice: 'repair', reason: 'Double tap' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const repairs = await t.db.selectFrom('repairs').select('id').where('device_id', '=', failed.deviceId).execute();
    expect(repairs).toHaveLength(1);
    expect(await inRepairDrift()).toEqual([]);
  });
});

describe('POST /v1/devices/{device_id}/repairs', () => {
  it("sends a board from its page with its newest failing run's steps, once", async () => {
    await run('PAGE-1', 'fail', lineB);
    const pass = await run('PAGE-1', 'pass', lineB);
    const deviceId = pass.json().data.device_id;
    const failing = await t.db.selectFrom('device_reports').select('id').where('device_id', '=', deviceId).where('result', '=', 'fail').executeTakeFirstOrThrow();
    const sent = await sendFromPage(deviceId, { reason: 'Intermittent' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ board: { serial: 'PAGE-1', in_repair: true, last_result: 'pass' }, repair_id: expect.any(Number) });
    const row = await t.db.selectFrom('repairs').selectAll().where('id', '=', sent.json().data.repair_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'waiting', reason: 'Intermittent', report_id: failing.id, enclosure_id: lineB.id, scan_id: null });
    expect(JSON.parse(row.failing_steps)).toEqual([{ name: 'current', measured: 0.9, low: 0, high: 0.5, unit: 'A' }]);

    const twice = await sendFromPage(deviceId, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Board “PAGE-1” already waits for repair: finish that repair first.');
    expect(await inRepairDrift()).toEqual([]);
  });

  it('sends a board that never failed with no run, and refuses a missing reason, readers and other companies', async () => {
    const deviceId = (await run('PAGE-2', 'pass', lineB)).json().data.device_id;
    const missing = await sendFromPage(deviceId, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: ['Say why the board goes to repair.'] });
    expect((await sendFromPage(deviceId, { reason: 'x' }, 'alpha-operator')).statusCode).toBe(403);
    expect((await sendFromPage(deviceId, { reason: 'x' }, 'alpha-viewer')).statusCode).toBe(403);
    expect((await sendFromPage(deviceId, { reason: 'x' }, 'beta-admin')).statusCode).toBe(404);
    const sent = await sendFromPage(deviceId, { reason: 'Cosmetic' }, 'alpha-admin');
    expect(sent.statusCode).toBe(201);
    const row = await t.db.selectFrom('repairs').selectAll().where('id', '=', sent.json().data.repair_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ report_id: null, enclosure_id: null, failing_steps: '[]' });
    expect(await inRepairDrift()).toEqual([]);
  });
});
