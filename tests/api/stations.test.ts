import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import { insertCartridgeType } from './helpers/cartridges';
import { createJig, createProduction, pointJigAtProject, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activeProfileWithLimit } from './helpers/test-profiles';

/** What the station screen reads: the company's jigs, the jig's state and fitness, a run of the jig. */
let t: TestApp;
let alpha: Production;
let beta: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Fit line' });
  beta = await createProduction(t, 'beta', { project: 'Beta fit line' });
  await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
  await pointJigAtProject(t, beta.jig.id, beta.projectId);
});
afterAll(() => t?.close());

const get = (url: string, as = 'alpha-viewer') => t.call('GET', `/v1${url}`, { as });
const codes = (res: { json(): { data: { fit: { problems: { code: string }[] } } } }) => res.json().data.fit.problems.map((p) => p.code);

describe('GET /v1/stations', () => {
  it("lists the caller's company's jigs with their project; a superadmin names the company, nobody else may", async () => {
    const list = await get('/stations');
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((j: { id: number }) => j.id === alpha.jig.id);
    expect(mine).toEqual({ id: alpha.jig.id, name: alpha.jig.name, project_name: 'Fit line', last_seen_at: null });
    expect(list.json().data.some((j: { id: number }) => j.id === beta.jig.id)).toBe(false);

    const asRoot = await get(`/stations?company_id=${t.companyIds.beta}`, 'root');
    expect(asRoot.json().data.map((j: { id: number }) => j.id)).toContain(beta.jig.id);
    expect((await get(`/stations?company_id=${t.companyIds.beta}`, 'alpha-admin')).statusCode).toBe(404);
    expect((await get(`/stations?company_id=${t.companyIds.alpha}`, 'alpha-operator')).statusCode).toBe(200);
    expect((await get('/stations?company_id=abc')).statusCode).toBe(422);
  });
});

describe('GET /v1/stations/{jig_id}', () => {
  it('says a jig with no project, never heard from, is unfit, in words', async () => {
    const idle = await createJig(t, t.companyIds.alpha, { name: 'Idle jig' });
    const res = await get(`/stations/${idle.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      jig: { id: idle.id, name: 'Idle jig', registered_name: 'Idle jig', last_seen_at: null },
      project: null,
      production_batch: null,
      profile: null,
      fit: {
        ok: false,
        problems: [
          { code: 'no_project', words: "Jig “Idle jig” tests no project: an engineer chooses its project in the jig's settings." },
          { code: 'offline', words: 'Jig “Idle jig” has never been heard from: check that it is on and connected.' },
        ],
      },
      last_report: null,
    });
  });

  it('shows the project, open batch, active profile and last run, and is fit once they are right', async () => {
    expect(codes(await get(`/stations/${alpha.jig.id}`))).toEqual(['no_active_profile', 'offline']);
    const profile = await activeProfileWithLimit(t, alpha.projectId, 3, 'smoke', '2.1');
    // A run is the jig heard from.
    const posted = await alpha.report({ serial: 'FIT-1', result: 'fail' });
    const res = await get(`/stations/${alpha.jig.id}`);
    expect(res.json().data).toMatchObject({
      jig: { id: alpha.jig.id, last_seen_at: expect.any(String) },
      project: { id: alpha.projectId, name: 'Fit line' },
      production_batch: { id: alpha.batchId, name: 'Lot 1' },
      profile: { id: profile, name: 'smoke', version: '2.1', attempt_limit: 3 },
      fit: { ok: true, problems: [] },
      last_report: { report_id: posted.json().data.report_id, jig_id: alpha.jig.id, serial: 'FIT-1', result: 'fail', failing_steps: [{ name: 'current' }], out_of_policy: null },
    });
    // Ten minutes of silence is offline.
    await t.db.updateTable('enclosures').set({ last_seen_at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('id', '=', alpha.jig.id).execute();
    const quiet = await get(`/stations/${alpha.jig.id}`);
    expect(quiet.json().data.fit.problems).toEqual([{ code: 'offline', words: expect.stringMatching(/^Jig “.+” has not been heard from since \d{4}-\d\d-\d\d \d\d:\d\d UTC: check that it is on and connected\.$/) }]);
    await t.db.updateTable('enclosures').set({ last_seen_at: new Date().toISOString() }).where('id', '=', alpha.jig.id).execute();
  });

  it("says the cassette does not match the project's configuration, and a cartridge in it is overdue for calibration", async () => {
    const now = new Date().toISOString();
    const [asked, other] = [await insertCartridgeType(t), await insertCartridgeType(t)];
    await t.db.insertInto('selected_cartridges').values({ request_id: null, project_id: alpha.projectId, cartridge_type_id: asked, bay: 1, created_at: now }).execute();
    expect(codes(await get(`/stations/${alpha.jig.id}`))).toEqual(['cassette_mismatch']);
    expect((await get(`/stations/${alpha.jig.id}`)).json().data.fit.problems[0].words).toBe(`No cassette is in jig “${alpha.jig.name}”, but project “Fit line” needs one.`);

    const cassette = await t.db
      .insertInto('cassettes')
      .values({ serial: 'CS-FIT', name: 'Fit cassette', company_id: t.companyIds.alpha, enclosure_id: alpha.jig.id, cartridge_bays: 2, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cartridge = await t.db
      .insertInto('cartridges')
      .values({ serial: 'CR-FIT', cartridge_type_id: other, cassette_id: cassette.id, bay: 1, calibration_due_at: '2020-01-01', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrong = await get(`/stations/${alpha.jig.id}`);
    expect(wrong.json().data.fit).toEqual({
      ok: false,
      problems: [
        { code: 'cassette_mismatch', words: 'Cassette “CS-FIT” does not hold what project “Fit line” needs at bay 1.' },
        { code: 'calibration_overdue', words: 'Calibration overdue: cartridge “CR-FIT” (bay 1). Have it calibrated before testing.' },
      ],
    });
    await t.db.updateTable('cartridges').set({ cartridge_type_id: asked, calibration_due_at: '2999-01-01' }).where('id', '=', cartridge.id).execute();
    expect((await get(`/stations/${alpha.jig.id}`)).json().data.fit).toEqual({ ok: true, problems: [] });
  });

  it("is another company's jig a 404, and any company person's to read", async () => {
    expect((await get(`/stations/${beta.jig.id}`)).statusCode).toBe(404);
    expect((await get(`/stations/${alpha.jig.id}`, 'beta-admin')).statusCode).toBe(404);
    expect((await get('/stations/999999')).statusCode).toBe(404);
    for (const as of ['alpha-viewer', 'alpha-operator', 'alpha-engineer', 'alpha-admin', 'root']) expect((await get(`/stations/${alpha.jig.id}`, as)).statusCode, as).toBe(200);
  });
});

describe('GET /v1/stations/{jig_id}/reports/{report_id}', () => {
  it("shows the jig's run, PASS or FAIL with its failing steps, and no other jig's", async () => {
    const pass = await alpha.report({ serial: 'SHOW-1', result: 'pass' });
    const res = await get(`/stations/${alpha.jig.id}/reports/${pass.json().data.report_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      report_id: pass.json().data.report_id,
      jig_id: alpha.jig.id,
      serial: 'SHOW-1',
      result: 'pass',
      failing_steps: [],
      finished_at: expect.any(String),
      out_of_policy: null,
      // The fixture it ran on (tests/api/fixtures.test.ts checks which).
      fixture_id: expect.any(Number),
    });
    // A serial as a jig may send it, spaces and all, still shows.
    const spaced = await alpha.report({ serial: 'SHOW 2', result: 'error' });
    expect((await get(`/stations/${alpha.jig.id}/reports/${spaced.json().data.report_id}`)).json().data).toMatchObject({
      serial: 'SHOW 2',
      result: 'fail',
      failing_steps: [{ name: 'The run ended in an error (no step failed)', measured: null, low: null, high: null, unit: '' }],
    });

    const betaRun = await beta.report({ serial: 'SHOW-3' });
    expect((await get(`/stations/${alpha.jig.id}/reports/${betaRun.json().data.report_id}`)).statusCode).toBe(404);
    expect((await get(`/stations/${beta.jig.id}/reports/${betaRun.json().data.report_id}`)).statusCode).toBe(404);
    const otherJig = await createJig(t, t.companyIds.alpha);
    expect((await get(`/stations/${otherJig.id}/reports/${pass.json().data.report_id}`)).statusCode).toBe(404);
  });
});
