import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import { deviceHistory } from '../../server/services/device-history';
import { createJig, createProduction, postReport, reportBody, type Jig, type Production } from './helpers/production';
import { addCode, completeForm } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alpha: Production;
let other: Production;
let beta: Production;
/** A second jig of Alpha's line. */
let secondJig: Jig;

/** The jig's company setting points at the project, as the station needs. */
async function testsProject(production: Production, jig = production.jig) {
  await t.db.updateTable('enclosure_settings').set({ project_id: production.projectId }).where('enclosure_id', '=', jig.id).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  other = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
  for (const p of [alpha, other, beta]) await testsProject(p);
  secondJig = await createJig(t, t.companyIds.alpha);
  await testsProject(alpha, secondJig);
});
afterAll(() => t?.close());

const scan = async (production: Production, serial: string, as: string) => {
  const res = await t.call('POST', `/v1/stations/${production.jig.id}/scans`, { as, body: { serial } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
/** A run of H-1 at the line's jig, or at its second jig (where no scan at the first claims it). */
const run = async (result: 'pass' | 'fail', jig: Jig = alpha.jig) => {
  const res = await postReport(t, jig, reportBody({ serial: 'H-1', result, project_id: alpha.projectId, production_batch_id: alpha.batchId }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { report_id: number; device_id: number };
};

describe("a board's history", () => {
  it('shows its scans, runs and repairs in the order they happened, and nothing of another company', async () => {
    const operator = t.userIds['alpha-operator']!;
    const engineer = t.userIds['alpha-engineer']!;
    const first = await run('fail', secondJig);
    const scanned = await scan(alpha, 'H-1', 'alpha-operator');
    // Scanned at a jig of the company's other project: stopped, and still this board's.
    expect((await scan(other, 'H-1', 'alpha-engineer')).code).toBe('another_project');
    // Beta's board of the same serial is not this one.
    await scan(beta, 'H-1', 'beta-operator');
    // The scan leads to the run (its operator recorded on it), whose fail the operator sends to repair.
    const second = await run('fail');
    const handOff = await t.call('POST', `/v1/stations/${alpha.jig.id}/scans/${scanned.scan_id}/acknowledge`, {
      as: 'alpha-operator',
      body: { choice: 'repair', reason: 'Three fails on current' },
    });
    expect(handOff.statusCode, handOff.body).toBe(200);
    const repair = handOff.json().data.repair_id as number;
    // Run all the same while it waits for repair: stored, marked out of policy.
    const meanwhile = await run('fail', secondJig);
    const code = await addCode(t, t.companyIds.alpha, 'COLD-JOINT');
    const done = await t.call('POST', `/v1/repairs/${repair}/complete`, {
      as: 'alpha-engineer',
      body: completeForm({ outcome: 'repaired', failure_code_id: code, action: 'Reflowed J1', parts: 'J1' }),
    });
    expect(done.statusCode, done.body).toBe(200);
    await scan(alpha, 'H-1', 'alpha-operator');
    const third = await run('pass');

    const res = await t.call('GET', `/v1/devices/${first.device_id}/history`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data;
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['run', 'scan', 'scan', 'run', 'repair_sent', 'run', 'repair_done', 'scan', 'run']);
    const byOperator = { id: operator, name: 'alpha-operator' };
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'run', report_id: first.report_id, result: 'fail', operator: null, out_of_policy: null, failed_step_count: 1, enclosure_id: secondJig.id }),
      expect.objectContaining({ kind: 'scan', outcome: 'go', stop_code: null, operator: byOperator, enclosure_id: alpha.jig.id, attempts_used: 1 }),
      expect.objectContaining({ kind: 'scan', outcome: 'stop', stop_code: 'another_project', enclosure_id: other.jig.id }),
      expect.objectContaining({ kind: 'run', report_id: second.report_id, operator: byOperator, out_of_policy: null }),
      expect.objectContaining({ kind: 'repair_sent', repair_id: repair, by: byOperator, reason: 'Three fails on current' }),
      expect.objectContaining({ kind: 'run', report_id: meanwhile.report_id, operator: null, out_of_policy: 'in_repair' }),
      expect.objectContaining({ kind: 'repair_done', repair_id: repair, by: { id: engineer, name: 'alpha-engineer' }, outcome: 'repaired', failure_code: 'COLD-JOINT', action: 'Reflowed J1', parts: ['J1'] }),
      expect.objectContaining({ kind: 'scan', outcome: 'go', operator: byOperator }),
      expect.objectContaining({ kind: 'run', report_id: third.report_id, result: 'pass', operator: byOperator }),
    ]);
    const times = entries.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);

    // Only the newest entries past the limit, still oldest first.
    expect((await deviceHistory(t.db, first.device_id, 3)).map((e) => e.kind)).toEqual(['repair_done', 'scan', 'run']);
  });

  it('is read as the board is: another company gets a 404', async () => {
    const { device_id } = (await alpha.report({ serial: 'H-2' })).json().data;
    expect((await t.call('GET', `/v1/devices/${device_id}/history`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/devices/${device_id}/history`, { as: 'alpha-operator' })).json().data).toHaveLength(1);
  });
});
