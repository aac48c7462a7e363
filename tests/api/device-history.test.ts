import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import { deviceHistory } from '../../server/services/device-history';
import { createProduction, type Production } from './helpers/production';
import { addCode, completeForm, sendToRepairDirect } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alpha: Production;
let other: Production;
let beta: Production;

/** The jig's company setting points at the project, as the station needs. */
async function testsProject(production: Production) {
  await t.db.updateTable('enclosure_settings').set({ project_id: production.projectId }).where('enclosure_id', '=', production.jig.id).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  other = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
  for (const p of [alpha, other, beta]) await testsProject(p);
});
afterAll(() => t?.close());

const scan = async (production: Production, serial: string, as: string) => {
  const res = await t.call('POST', `/v1/stations/${production.jig.id}/scans`, { as, body: { serial } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const run = async (result: 'pass' | 'fail', marks: { operator_id?: number; out_of_policy?: string } = {}) => {
  const res = await alpha.report({ serial: 'H-1', result });
  expect(res.statusCode, res.body).toBe(201);
  const { report_id, device_id } = res.json().data;
  // What the station's marking of a run leaves on it (its operator, whether out of policy).
  if (Object.keys(marks).length) await t.db.updateTable('device_reports').set(marks).where('id', '=', report_id).execute();
  return { report_id: report_id as number, device_id: device_id as number };
};

describe("a board's history", () => {
  it('shows its scans, runs and repairs in the order they happened, and nothing of another company', async () => {
    const operator = t.userIds['alpha-operator']!;
    const first = await run('fail');
    // The run came just before its scan: the scan claims it (its operator), counted before it.
    await scan(alpha, 'H-1', 'alpha-operator');
    // Scanned at a jig of the company's other project: stopped, and still this board's.
    expect((await scan(other, 'H-1', 'alpha-engineer')).code).toBe('another_project');
    // Beta's board of the same serial is not this one.
    await scan(beta, 'H-1', 'beta-operator');
    const second = await run('fail', { operator_id: operator, out_of_policy: 'attempts_used_up' });
    const repair = await sendToRepairDirect(t, first.device_id, { sent_by: operator, reason: 'Three fails on current', report_id: second.report_id });
    const code = await addCode(t, t.companyIds.alpha, 'COLD-JOINT');
    const done = await t.call('POST', `/v1/repairs/${repair}/complete`, {
      as: 'alpha-engineer',
      body: completeForm({ outcome: 'repaired', failure_code_id: code, action: 'Reflowed J1', parts: 'J1' }),
    });
    expect(done.statusCode, done.body).toBe(200);
    const third = await run('pass', { operator_id: operator });

    const res = await t.call('GET', `/v1/devices/${first.device_id}/history`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data;
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['run', 'scan', 'scan', 'run', 'repair_sent', 'repair_done', 'run']);
    const engineer = t.userIds['alpha-engineer']!;
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'run', report_id: first.report_id, result: 'fail', operator: { id: operator, name: 'alpha-operator' }, out_of_policy: null, failed_step_count: 1, enclosure_id: alpha.jig.id }),
      expect.objectContaining({ kind: 'scan', outcome: 'go', stop_code: null, operator: { id: operator, name: 'alpha-operator' }, enclosure_id: alpha.jig.id, attempts_used: 0 }),
      expect.objectContaining({ kind: 'scan', outcome: 'stop', stop_code: 'another_project', enclosure_id: other.jig.id }),
      expect.objectContaining({ kind: 'run', report_id: second.report_id, operator: { id: operator, name: 'alpha-operator' }, out_of_policy: 'attempts_used_up' }),
      expect.objectContaining({ kind: 'repair_sent', repair_id: repair, by: { id: operator, name: 'alpha-operator' }, reason: 'Three fails on current' }),
      expect.objectContaining({ kind: 'repair_done', repair_id: repair, by: { id: engineer, name: 'alpha-engineer' }, outcome: 'repaired', failure_code: 'COLD-JOINT', action: 'Reflowed J1', parts: ['J1'] }),
      expect.objectContaining({ kind: 'run', report_id: third.report_id, result: 'pass' }),
    ]);
    const times = entries.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);

    // Only the newest entries past the limit, still oldest first.
    expect((await deviceHistory(t.db, first.device_id, 3)).map((e) => e.kind)).toEqual(['repair_sent', 'repair_done', 'run']);
  });

  it('is read as the board is: another company gets a 404', async () => {
    const { device_id } = (await alpha.report({ serial: 'H-2' })).json().data;
    expect((await t.call('GET', `/v1/devices/${device_id}/history`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/devices/${device_id}/history`, { as: 'alpha-operator' })).json().data).toHaveLength(1);
  });
});
