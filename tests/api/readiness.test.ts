import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/store/enclosure-settings';
import '../../server/store/readiness';
import { recompute } from '../../server/seed/recompute';
import { insertCartridgeType } from './helpers/cartridges';
import { batchCounters, createProduction, pointJigAtProject, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { activeProfileWithLimit } from './helpers/test-profiles';

/** Fit to test: each reason, golden units' answers and window, held reports released and discarded with the figures right after each. */
let t: TestApp;
let alpha: Production;
let beta: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Ready line' });
  beta = await createProduction(t, 'beta', { project: 'Beta ready line' });
  await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
  await pointJigAtProject(t, beta.jig.id, beta.projectId);
  await activeProfileWithLimit(t, alpha.projectId, 5, 'smoke', '1.0');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, as = 'alpha-engineer', body?: unknown) => t.call(method, `/v1${url}`, { as, body });
const readiness = async (jig = alpha.jig.id) => {
  const res = await call('GET', `/jig-readiness?ids=${jig}`, 'alpha-viewer');
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { ready: boolean; problems: { code: string; words: string }[] };
};
const codes = async (jig?: number) => (await readiness(jig)).problems.map((p) => p.code);
const heard = () => t.db.updateTable('enclosures').set({ last_seen_at: new Date().toISOString() }).where('id', '=', alpha.jig.id).execute();

/** The project's maintained figures, and the same figures once recounted from its stored reports. */
async function figures(projectId: number, batchId: number) {
  const read = async () => {
    const batch = await batchCounters(t, batchId);
    const daily = await t.db.selectFrom('report_daily_stats').where('project_id', '=', projectId).select(['day', 'reports', 'passed', 'failed', 'first_tests', 'first_passes']).orderBy('day').execute();
    const steps = await t.db.selectFrom('step_failure_daily').where('project_id', '=', projectId).select(['day', 'step_name', 'failures']).orderBy('step_name').execute();
    const norm = (rows: object[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])));
    return { batch: batch.stored, batchRecounted: batch.recounted, daily: norm(daily), steps: norm(steps) };
  };
  const kept = await read();
  await recompute(t.db, { projectIds: [projectId] });
  const recounted = await read();
  expect(kept.batch).toEqual(kept.batchRecounted);
  expect(kept).toEqual(recounted);
  return kept;
}

describe('readiness, each reason in words', () => {
  it('a jig with an active profile, heard from, nothing else asked: ready', async () => {
    await heard();
    expect(await readiness()).toMatchObject({ ready: true, problems: [] });
  });

  it('a cassette that does not match, a cartridge overdue, firmware not the newest', async () => {
    const now = new Date().toISOString();
    const type = await insertCartridgeType(t);
    await t.db.insertInto('selected_cartridges').values({ request_id: null, project_id: alpha.projectId, cartridge_type_id: type, bay: 1, created_at: now }).execute();
    expect(await codes()).toEqual(['cassette_mismatch']);
    const cassette = await t.db
      .insertInto('cassettes')
      .values({ serial: 'CS-READY', name: 'Ready cassette', company_id: t.companyIds.alpha, enclosure_id: alpha.jig.id, cartridge_bays: 2, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cartridge = await t.db
      .insertInto('cartridges')
      .values({ serial: 'CR-READY', cartridge_type_id: type, cassette_id: cassette.id, bay: 1, calibration_due_at: '2020-01-01', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await readiness()).problems).toEqual([{ code: 'calibration_overdue', words: 'Calibration overdue: cartridge “CR-READY” (bay 1). Have it calibrated before testing.' }]);
    await t.db.updateTable('cartridges').set({ calibration_due_at: '2999-01-01' }).where('id', '=', cartridge.id).execute();

    const file = await t.db
      .insertInto('files')
      .values({ id: 'fw-ready', name: 'fw.bin', size: 1, type: 'application/octet-stream', sha256: 'a'.repeat(64), backend: 'disk', created_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('enclosure_updates').values({ description: 'Controller 9', patch_notes: '', file_id: file.id, created_at: now, updated_at: now } as never).execute();
    expect(await codes()).toEqual(['firmware_outdated']);
    await t.db.updateTable('enclosures').set({ firmware_version: 'a'.repeat(64) }).where('id', '=', alpha.jig.id).execute();
    expect(await codes()).toEqual([]);
  });

  it('a cartridge past its rated probe life or cleaning interval: not ready, due soon still ready, maintenance makes it ready; its runs are never held', async () => {
    const cartridge = await t.db.selectFrom('cartridges').where('serial', '=', 'CR-READY').select(['id', 'cartridge_type_id']).executeTakeFirstOrThrow();
    await t.db.updateTable('cartridge_types').set({ rated_probe_life_cycles: 100, cleaning_interval_cycles: 40 }).where('id', '=', cartridge.cartridge_type_id).execute();
    const counters = (contact_cycles: number, cycles_at_cleaning = 0, cycles_at_probe_change = 0) =>
      t.db.updateTable('cartridges').set({ contact_cycles, cycles_at_cleaning, cycles_at_probe_change }).where('id', '=', cartridge.id).execute();
    // 39 of 40 since cleaning and 95 of 100 of its life: due soon on both, the jig ready.
    await counters(95, 56);
    expect(await readiness()).toMatchObject({ ready: true, problems: [] });
    // 40 since cleaning: overdue for a cleaning.
    await counters(96, 56);
    expect((await readiness()).problems).toEqual([{ code: 'cycle_limits', words: 'Past its cycle limits: cartridge “CR-READY” (bay 1) is due a cleaning. Record the maintenance once done.' }]);
    // Its rated life reached as well.
    await counters(100, 56);
    expect((await readiness()).problems).toEqual([{ code: 'cycle_limits', words: 'Past its cycle limits: cartridge “CR-READY” (bay 1) is due new probes and a cleaning. Record the maintenance once done.' }]);
    // Cleaned: only the life is past.
    await counters(100, 100);
    expect((await readiness()).problems[0].words).toContain('is due new probes.');
    const station = await call('GET', `/stations/${alpha.jig.id}`, 'alpha-viewer');
    expect(station.json().data.fit).toEqual({ ok: false, problems: (await readiness()).problems });

    // Under hold, worn probes do not hold the jig's runs (the reason does not hold).
    expect((await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'hold' })).statusCode).toBe(200);
    const run = await alpha.report({ serial: 'WORN-1', result: 'pass' });
    expect(run.statusCode).toBe(201);
    expect(run.json().data.held).toBeUndefined();
    expect((await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'warn' })).statusCode).toBe(200);

    // New probes, recorded through the API: ready again.
    const replaced = await call('POST', `/cartridges/${cartridge.id}/maintenance`, 'root', { kind: 'probes_replaced' });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await readiness()).toMatchObject({ ready: true, problems: [] });
  });

  it('no project, no active profile, offline stay reasons; the station reads the same rule', async () => {
    await pointJigAtProject(t, alpha.jig.id, null);
    expect(await codes()).toEqual(['no_project']);
    const station = await call('GET', `/stations/${alpha.jig.id}`, 'alpha-viewer');
    expect(station.json().data.fit).toEqual({ ok: false, problems: (await readiness()).problems });
    await pointJigAtProject(t, alpha.jig.id, alpha.projectId);
    // Beta's jig is not in alpha's answer.
    expect((await call('GET', `/jig-readiness?ids=${beta.jig.id}`, 'alpha-viewer')).json().data).toEqual([]);
    const betaAnswer = await call('GET', `/jig-readiness?ids=${beta.jig.id}`, 'beta-viewer');
    expect(betaAnswer.json().data[0].problems.map((p: { code: string }) => p.code)).toEqual(['no_active_profile', 'firmware_outdated', 'offline']);
    const notReady = await call('GET', '/jig-readiness?not_ready=true', 'alpha-viewer');
    expect(notReady.json().data.some((j: { jig_id: number }) => j.jig_id === alpha.jig.id)).toBe(false);
    expect((await call('GET', '/jig-readiness?ids=1,x', 'alpha-viewer')).statusCode).toBe(422);
  });
});

describe('golden units', () => {
  it('are listed per project; refusals name their field; another company cannot see them', async () => {
    const good = await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-engineer', { serial: 'GOLD-GOOD', kind: 'good' });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ serial: 'GOLD-GOOD', kind: 'good', fails_step: null });
    const bad = await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-engineer', { serial: 'GOLD-BAD', kind: 'bad', fails_step: 'current' });
    expect(bad.statusCode).toBe(201);
    const noStep = await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-engineer', { serial: 'GOLD-X', kind: 'bad' });
    expect(noStep.statusCode).toBe(422);
    expect(noStep.json().errors.fails_step).toEqual(['A known-bad unit names the step it must fail.']);
    const twice = await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-engineer', { serial: 'gold-good', kind: 'good' });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['serial']);
    expect((await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-engineer', { serial: 'G', kind: 'shiny' })).json().errors.kind).toBeDefined();
    expect((await call('PATCH', `/golden-units/${good.json().data.id}`, 'alpha-engineer', { kind: 'bad' })).json().errors.fails_step).toBeDefined();
    expect((await call('POST', `/projects/${alpha.projectId}/golden-units`, 'alpha-operator', { serial: 'G-OP', kind: 'good' })).statusCode).toBe(403);
    expect((await call('GET', `/projects/${alpha.projectId}/golden-units`, 'beta-admin')).statusCode).toBe(404);
    expect((await call('PATCH', `/golden-units/${good.json().data.id}`, 'beta-admin', { kind: 'good' })).statusCode).toBe(404);
    expect((await call('GET', `/projects/${alpha.projectId}/golden-units`, 'alpha-viewer')).json().data.map((u: { serial: string }) => u.serial)).toEqual(['GOLD-BAD', 'GOLD-GOOD']);
    expect((await call('PUT', `/projects/${alpha.projectId}/golden-window`, 'alpha-engineer', { window_hours: 0 })).json().errors.window_hours).toEqual(['Window is at least 1 hour.']);
    expect((await call('PUT', `/projects/${alpha.projectId}/golden-window`, 'alpha-engineer', { window_hours: 8 })).json().data).toEqual({ window_hours: 8 });
  });

  it('a jig is not ready until a golden unit answers right within the window; a wrong answer makes it not ready again', async () => {
    await heard();
    expect(await codes()).toEqual(['golden_missing']);
    expect((await readiness()).problems[0].words).toBe(`No golden unit gave its answer on jig “${alpha.jig.name}” in the last 8 hours: test one of project “Ready line”'s golden units.`);
    const before = await figures(alpha.projectId, alpha.batchId);

    // The known-bad unit passing is the wrong answer.
    const wrong = await alpha.report({ serial: 'GOLD-BAD', result: 'pass' });
    expect(wrong.json().data).toMatchObject({ golden: 'wrong', held: null });
    expect(await codes()).toEqual(['golden_wrong']);
    // The known-bad unit failing its named step is right.
    expect((await alpha.report({ serial: 'GOLD-BAD', result: 'fail' })).json().data.golden).toBe('right');
    expect(await codes()).toEqual([]);
    // The good unit failing is wrong; passing is right.
    expect((await alpha.report({ serial: 'GOLD-GOOD', result: 'fail' })).json().data.golden).toBe('wrong');
    expect(await codes()).toEqual(['golden_wrong']);
    expect((await alpha.report({ serial: 'GOLD-GOOD', result: 'pass' })).json().data.golden).toBe('right');
    expect(await codes()).toEqual([]);

    // Golden runs count in no yield: the figures are as before (the golden boards exist, untested).
    const after = await figures(alpha.projectId, alpha.batchId);
    expect(after.daily).toEqual(before.daily);
    expect(after.steps).toEqual(before.steps);
    expect(after.batch.report_count).toBe(before.batch.report_count);
    expect(after.batch.tested_count).toBe(before.batch.tested_count);

    // Past the window, the right answer no longer counts.
    const old = new Date(Date.now() - 9 * 3_600_000).toISOString();
    await t.db.updateTable('device_reports').set({ finished_at: old }).where('enclosure_id', '=', alpha.jig.id).where('golden', 'is not', null).execute();
    expect(await codes()).toEqual(['golden_missing']);
    await alpha.report({ serial: 'GOLD-GOOD', result: 'pass' });
    expect(await codes()).toEqual([]);
  });
});

describe('the hold policy', () => {
  it('only admins set it; refusals name the field', async () => {
    expect((await call('PUT', '/fixture-policy', 'alpha-engineer', { policy: 'hold' })).statusCode).toBe(403);
    expect((await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'stop' })).json().errors.policy).toBeDefined();
    expect((await call('GET', '/fixture-policy', 'alpha-viewer')).json().data).toEqual({ policy: 'warn' });
  });

  it('warn: a jig that is not ready counts its runs; hold: they are stored but held, then released or discarded with the figures right after each', async () => {
    // The jig is not ready: its golden answer is too old.
    await t.db.updateTable('device_reports').set({ finished_at: new Date(Date.now() - 9 * 3_600_000).toISOString() }).where('enclosure_id', '=', alpha.jig.id).where('golden', 'is not', null).execute();
    expect(await codes()).toEqual(['golden_missing']);
    const warned = await alpha.report({ serial: 'WARN-1', result: 'pass' });
    expect(warned.json().data.held).toBeUndefined();
    const start = await figures(alpha.projectId, alpha.batchId);

    expect((await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'hold' })).json().data).toEqual({ policy: 'hold' });
    const first = await alpha.report({ serial: 'HOLD-1', result: 'fail' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ held: 'held', held_words: expect.stringContaining('is stored but held: the jig is not ready (No golden unit gave its answer') });
    const second = await alpha.report({ serial: 'HOLD-1', result: 'pass' });
    const third = await alpha.report({ serial: 'WARN-1', result: 'fail' });
    expect([second, third].map((r) => r.json().data.held)).toEqual(['held', 'held']);
    // Held: counted nowhere (HOLD-1 exists, untested).
    const held = await figures(alpha.projectId, alpha.batchId);
    expect(held.daily).toEqual(start.daily);
    expect(held.batch).toMatchObject({ report_count: start.batch.report_count, tested_count: start.batch.tested_count, device_count: start.batch.device_count + 1 });
    const list = await call('GET', `/projects/${alpha.projectId}/held-reports`, 'alpha-viewer');
    expect(list.json().data.map((r: { serial: string }) => r.serial)).toEqual(['HOLD-1', 'HOLD-1', 'WARN-1']);
    expect(list.json().meta.total).toBe(3);
    // Paged and sorted in the database like every list: a page of one, newest first; an unknown sort is refused.
    const one = (await call('GET', `/projects/${alpha.projectId}/held-reports?limit=1&sortby=id&sortdesc=true`, 'alpha-viewer')).json();
    expect([one.data.map((r: { serial: string }) => r.serial), one.meta.total]).toEqual([['WARN-1'], 3]);
    expect((await call('GET', `/projects/${alpha.projectId}/held-reports?sortby=serial`, 'alpha-viewer')).statusCode).toBe(422);

    // Discard WARN-1's fail: kept, marked, never counted.
    const ids = [first, second, third].map((r) => r.json().data.report_id as number);
    expect((await call('POST', `/projects/${alpha.projectId}/held-reports/discard`, 'alpha-operator', { report_ids: [ids[2]] })).statusCode).toBe(403);
    expect((await call('POST', `/projects/${alpha.projectId}/held-reports/discard`, 'alpha-engineer', { report_ids: [ids[2]] })).json().data).toEqual({ changed: 1 });
    expect(await figures(alpha.projectId, alpha.batchId)).toEqual(held);
    expect((await call('GET', `/projects/${alpha.projectId}/held-reports?state=discarded`, 'alpha-viewer')).json().data.map((r: { id: number }) => r.id)).toEqual([ids[2]]);

    // Release HOLD-1's two runs: they count as if they had arrived in order (fail, then pass).
    expect((await call('POST', `/projects/${alpha.projectId}/held-reports/release`, 'beta-admin', { report_ids: ids })).statusCode).toBe(404);
    expect((await call('POST', `/projects/${alpha.projectId}/held-reports/release`, 'alpha-engineer', { report_ids: [] })).json().errors.report_ids).toBeDefined();
    expect((await call('POST', `/projects/${alpha.projectId}/held-reports/release`, 'alpha-engineer', { report_ids: ids })).json().data).toEqual({ changed: 2 });
    const released = await figures(alpha.projectId, alpha.batchId);
    expect(released.batch).toMatchObject({ report_count: start.batch.report_count + 2, tested_count: start.batch.tested_count + 1, passed_count: start.batch.passed_count + 1, first_pass_count: start.batch.first_pass_count, second_pass_count: start.batch.second_pass_count + 1 });
    const device = await t.db.selectFrom('devices').select(['status', 'report_count', 'first_pass']).where('serial', '=', 'HOLD-1').executeTakeFirstOrThrow();
    expect({ ...device, report_count: Number(device.report_count), first_pass: Number(device.first_pass) }).toEqual({ status: 'passed', report_count: 2, first_pass: 0 });
    expect((await call('GET', `/projects/${alpha.projectId}/held-reports`, 'alpha-viewer')).json().meta.total).toBe(0);

    // A golden unit's right answer makes the jig ready: its runs count again.
    expect((await alpha.report({ serial: 'GOLD-GOOD', result: 'pass' })).json().data).toMatchObject({ golden: 'right', held: null });
    expect((await alpha.report({ serial: 'HOLD-2', result: 'pass' })).json().data.held).toBeUndefined();
    await figures(alpha.projectId, alpha.batchId);
    await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'warn' });
  });

  it('a board whose first run was held counts its first counted run as its first test: at ingestion, moved between batches, and recounted alike', async () => {
    // Not ready again: the golden answers are too old.
    await t.db.updateTable('device_reports').set({ finished_at: new Date(Date.now() - 9 * 3_600_000).toISOString() }).where('enclosure_id', '=', alpha.jig.id).where('golden', 'is not', null).execute();
    await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'hold' });
    const held = await alpha.report({ serial: 'HOLD-FIRST', result: 'fail' });
    expect(held.json().data.held).toBe('held');
    await call('POST', `/projects/${alpha.projectId}/held-reports/discard`, 'alpha-engineer', { report_ids: [held.json().data.report_id] });
    await call('PUT', '/fixture-policy', 'alpha-admin', { policy: 'warn' });
    // Counted: a pass, then a retest that fails (a retest reads the board's first report for its slice).
    await alpha.report({ serial: 'HOLD-FIRST', result: 'pass' });
    await alpha.report({ serial: 'HOLD-FIRST', result: 'fail' });
    const slicesAgree = async () => {
      const rows = async (table: 'report_daily_slices' | 'step_failure_daily_slices') =>
        (await t.db.selectFrom(table).selectAll().where('project_id', '=', alpha.projectId).execute())
          .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'id').map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]))))
          .sort();
      const kept = { reports: await rows('report_daily_slices'), steps: await rows('step_failure_daily_slices') };
      await figures(alpha.projectId, alpha.batchId);
      expect({ reports: await rows('report_daily_slices'), steps: await rows('step_failure_daily_slices') }).toEqual(kept);
    };
    await slicesAgree();
    // Moved to another batch: its counted runs go with it, its discarded one counts nowhere still.
    const lot2 = await alpha.addBatch('Lot 2');
    const device = await t.db.selectFrom('devices').select('id').where('serial', '=', 'HOLD-FIRST').executeTakeFirstOrThrow();
    expect((await call('PATCH', `/manage/devices/${device.id}`, 'root', { production_batch_id: lot2 })).statusCode).toBe(200);
    await slicesAgree();
    const moved = await figures(alpha.projectId, lot2);
    expect(moved.batch).toMatchObject({ report_count: 2, tested_count: 1 });
  });
});
