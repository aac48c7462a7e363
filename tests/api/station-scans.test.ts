import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import '../../server/store/station-scans';
import { createJig, createProduction, type Jig, pointJigAtProject, postReport, type Production, reportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createProfile, readyDraft } from './helpers/test-profiles';

let t: TestApp;
let alpha: Production;
let other: Production;
let beta: Production;
let line2: Jig;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Alpha motor' });
  other = await createProduction(t, 'alpha', { project: 'Alpha sensor' });
  beta = await createProduction(t, 'beta', { project: 'Beta motor' });
  await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
  await pointJigAtProject(t, other.jig.id, other.projectId);
  await pointJigAtProject(t, beta.jig.id, beta.projectId);
  line2 = await createJig(t, t.companyIds.alpha);
  await pointJigAtProject(t, line2.id, alpha.projectId);
});
afterAll(() => t?.close());

const patch = (url: string, body: unknown, as = 'alpha-admin') => t.call('PATCH', `/v1${url}`, { as, body });
const post = (url: string, body?: unknown, as = 'alpha-admin') => t.call('POST', `/v1${url}`, { as, body });

// These edit the profiles of the second project, so the first starts the scans with none active.
describe('retest policy on a test profile', () => {
  it('is no limit by default, set and cleared on a draft and on the active profile, and kept by a new version', async () => {
    const profile = await readyDraft(t, other.projectId, 'Policy', '1');
    expect((await t.call('GET', `/v1/testprofiles/${profile}`, { as: 'alpha-viewer' })).json().data.attempt_limit).toBeNull();
    const set = await patch(`/testprofiles/${profile}`, { attempt_limit: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.attempt_limit).toBe(3);
    expect((await post(`/testprofiles/${profile}/active`)).statusCode).toBe(200);
    // The policy is the floor's, not the program's: the active profile's changes without a new version.
    const active = await patch(`/testprofiles/${profile}`, { attempt_limit: 5 }, 'alpha-engineer');
    expect(active.statusCode).toBe(200);
    expect(active.json().data).toMatchObject({ status: 'active', attempt_limit: 5 });
    // Its program stays read-only.
    expect((await patch(`/testprofiles/${profile}`, { description: 'changed' })).statusCode).toBe(409);
    const copy = await post(`/projects/${other.projectId}/testprofiles`, { copy_of: profile, version: '2' });
    expect(copy.json().data.attempt_limit).toBe(5);
    const cleared = await patch(`/testprofiles/${profile}`, { attempt_limit: null });
    expect(cleared.json().data.attempt_limit).toBeNull();
  });

  it('refuses a limit outside 1..20 or not whole on its field, and any change on an archived profile', async () => {
    const profile = await createProfile(t, other.projectId, { name: 'Bounds', version: '1' });
    for (const wrong of [0, 21, 2.5, 'three']) {
      const res = await patch(`/testprofiles/${profile}`, { attempt_limit: wrong });
      expect(res.statusCode, String(wrong)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['attempt_limit']);
    }
    const created = await post(`/projects/${other.projectId}/testprofiles`, { name: 'Bounds', version: '2', attempt_limit: 20 });
    expect(created.json().data.attempt_limit).toBe(20);
    expect((await post(`/projects/${other.projectId}/testprofiles`, { name: 'Bounds', version: '3', attempt_limit: 0 })).statusCode).toBe(422);
    expect((await patch(`/testprofiles/${profile}`, { status: 'archived' })).statusCode).toBe(200);
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 })).statusCode).toBe(409);
    expect((await t.call('GET', `/v1/testprofiles/${profile}`, { as: 'alpha-admin' })).json().data.attempt_limit).toBeNull();
  });

  it('is edited only by those who edit profiles', async () => {
    const profile = await createProfile(t, other.projectId, { name: 'Who', version: '1' });
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 }, 'alpha-operator')).statusCode).toBe(403);
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 }, 'beta-admin')).statusCode).toBe(404);
  });
});

const scan = (jigId: number, serial: unknown, as = 'alpha-operator') => t.call('POST', `/v1/stations/${jigId}/scans`, { as, body: { serial } });
/**
 * A failing run of Alpha's project on its second line: a run at the station's own jig just
 * before a scan would be that scan's run (station-runs.test.ts), which these tests keep apart.
 */
const failRun = (serial: string, version = '1.0') =>
  postReport(t, line2, reportBody({ serial, result: 'fail', test_profile: 'smoke', test_profile_version: version, project_id: alpha.projectId, production_batch_id: alpha.batchId }));

describe('scans at the station', () => {
  it('lets a board never seen be tested with no attempts, and records who scanned what where and when', async () => {
    const before = new Date().toISOString();
    const res = await scan(alpha.jig.id, 'NEW-1');
    expect(res.statusCode).toBe(201);
    const answer = res.json().data;
    expect(answer).toMatchObject({ outcome: 'go', board: { serial: 'NEW-1', attempts_used: 0, last_result: null, in_repair: false, repairs: 0 } });
    const row = await t.db.selectFrom('station_scans').selectAll().where('id', '=', answer.scan_id).executeTakeFirstOrThrow();
    const operator = (await t.call('GET', '/v1/users/me', { as: 'alpha-operator' })).json().data.id;
    expect(row).toMatchObject({
      company_id: t.companyIds.alpha,
      enclosure_id: alpha.jig.id,
      project_id: alpha.projectId,
      operator_id: operator,
      serial: 'NEW-1',
      serial_key: 'new-1',
      device_id: null,
      outcome: 'go',
      stop_code: null,
      attempts_used: 0,
    });
    expect(row.scanned_at >= before).toBe(true);
  });

  it("counts the board's runs since its last repair against the active profile's limit, whatever version ran them, then stops it for repair", async () => {
    // Before any profile is active there is no limit; every run counts.
    expect((await failRun('LIM-1', '0.9')).statusCode).toBe(201);
    expect((await scan(alpha.jig.id, 'LIM-1')).json().data.board).toMatchObject({ attempts_used: 1, attempt_limit: null, last_result: 'fail' });

    const profile = await readyDraft(t, alpha.projectId, 'smoke', '1.0');
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 })).statusCode).toBe(200);
    expect((await post(`/testprofiles/${profile}/active`)).statusCode).toBe(200);
    // The run of version 0.9 is an attempt too: a repair, not a new profile version, gives fresh attempts.
    expect((await scan(alpha.jig.id, 'LIM-1')).json().data.board).toMatchObject({ attempts_used: 1, attempt_limit: 3 });
    await failRun('LIM-1');
    const third = await scan(alpha.jig.id, 'LIM-1');
    expect(third.json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 2, attempt_limit: 3, last_result: 'fail' } });
    await failRun('LIM-1');
    const stopped = await scan(alpha.jig.id, 'LIM-1');
    expect(stopped.statusCode).toBe(201);
    expect(stopped.json().data).toEqual({ outcome: 'stop', code: 'attempts_used_up', words: 'Board “LIM-1” has used its 3 of 3 attempts: send it to repair.' });
    const row = await t.db.selectFrom('station_scans').selectAll().where('serial', '=', 'LIM-1').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'stop', stop_code: 'attempts_used_up', attempts_used: 3, attempt_limit: 3, test_profile_id: profile });

    // A higher limit gives the board its attempts back; no limit lets it run on.
    await patch(`/testprofiles/${profile}`, { attempt_limit: 4 });
    expect((await scan(alpha.jig.id, 'LIM-1')).json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 3, attempt_limit: 4 } });
    await patch(`/testprofiles/${profile}`, { attempt_limit: null });
    await failRun('LIM-1');
    expect((await scan(alpha.jig.id, 'LIM-1')).json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 4, attempt_limit: null } });
  });

  it('stops a released board and a board of another project, with the reason in words', async () => {
    expect((await alpha.report({ serial: 'REL-1' })).statusCode).toBe(201);
    expect((await scan(alpha.jig.id, 'REL-1')).json().data).toMatchObject({ outcome: 'go', board: { last_result: 'pass' } });
    await t.db.updateTable('devices').set({ status: 'released' }).where('serial', '=', 'REL-1').execute();
    expect((await scan(alpha.jig.id, 'REL-1')).json().data).toEqual({
      outcome: 'stop',
      code: 'released',
      words: 'Board “REL-1” is released: a shipped board is not tested again.',
    });

    expect((await other.report({ serial: 'OTHER-1' })).statusCode).toBe(201);
    const res = await scan(alpha.jig.id, 'other-1');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      outcome: 'stop',
      code: 'another_project',
      words: 'Board “other-1” belongs to project “Alpha sensor”, not “Alpha motor” that this jig tests: take it to a jig of its project.',
    });
    // At a jig of its own project the same board may be tested.
    expect((await scan(other.jig.id, 'OTHER-1')).json().data.outcome).toBe('go');
  });

  it("keeps companies apart: another company's board of that serial is a new board, its jig a 404", async () => {
    expect((await beta.report({ serial: 'SHARED-1', result: 'fail' })).statusCode).toBe(201);
    expect((await scan(alpha.jig.id, 'SHARED-1')).json().data).toMatchObject({ outcome: 'go', board: { attempts_used: 0, last_result: null } });
    // At Beta's jig its board's run of a moment ago is this scan's run: the board as before it, and the run.
    expect((await scan(beta.jig.id, 'SHARED-1', 'beta-operator')).json().data).toMatchObject({
      outcome: 'go',
      board: { attempts_used: 0, last_result: 'fail' },
      report: { serial: 'SHARED-1', result: 'fail', jig_id: beta.jig.id },
    });

    for (const [jig, as] of [[beta.jig.id, 'alpha-admin'], [alpha.jig.id, 'beta-operator'], [999_999, 'alpha-operator']] as const) {
      const res = await scan(jig, 'X-1', as);
      expect(res.statusCode, `${jig} as ${as}`).toBe(404);
    }
    const homeless = await createJig(t, null);
    expect((await scan(homeless.id, 'X-1', 'root')).statusCode).toBe(404);
  });

  it('lets operators, engineers and admins scan, and refuses viewers, who read only', async () => {
    for (const as of ['alpha-operator', 'alpha-engineer', 'alpha-admin', 'root']) expect((await scan(alpha.jig.id, 'WHO-1', as)).statusCode, as).toBe(201);
    const before = await t.db.selectFrom('station_scans').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await scan(alpha.jig.id, 'WHO-1', 'alpha-viewer')).statusCode).toBe(403);
    const after = await t.db.selectFrom('station_scans').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a serial that is missing, empty, spaced or too long on its field, and a jig that tests no project', async () => {
    for (const wrong of [undefined, '', '   ', 'SN 1', 'x'.repeat(65), 42]) {
      const res = await scan(alpha.jig.id, wrong);
      expect(res.statusCode, String(wrong)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['serial']);
    }
    const idle = await createJig(t, t.companyIds.alpha);
    const res = await scan(idle.id, 'IDLE-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/tests no project: choose its project in the jig's settings/);
  });
});
