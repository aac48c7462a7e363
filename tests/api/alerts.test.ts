import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/mail/mailer';
import { evaluateAlerts, type EvaluatorDeps } from '../../server/services/alerts/evaluator';
import { alertSources, type RunRuleViolation } from '../../server/services/alerts/sources';
import { createCartridge, insertCartridgeType, insertCassette, recordCalibration } from './helpers/cartridges';
import { createJig, createProduction, pointJigAtProject, postReport, reportBody, type Production } from './helpers/production';
import { activeProfileWithLimit } from './helpers/test-profiles';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Alert rules judged by the evaluator (called by hand: the timer is off), on breaches built
 * through the real API: each kind fires once per occurrence, tells the company's admins and
 * engineers (a notification each, an email where the rule asks), and clears when the breach
 * ends, after which a new breach fires again.
 */
let t: TestApp;
const mails: Mail[] = [];
const PUBLIC_URL = 'https://jigboard.test';
const deps: EvaluatorDeps = { mailer: { send: async (mail) => void mails.push(mail) }, publicUrl: PUBLIC_URL, log: { error: () => {}, warn: () => {} } };

beforeAll(async () => {
  t = await createTestApp({ alertIntervalMs: 0 });
});
afterAll(() => t?.close());

const evaluate = (now = new Date(), extra: Partial<EvaluatorDeps> = {}) => evaluateAlerts(t.db, now, { ...deps, ...extra });

async function addRule(projectId: number, body: object, as = 'alpha-engineer') {
  const res = await t.call('POST', `/v1/projects/${projectId}/alert-rules`, { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

const alertsOf = async (ruleId: number) =>
  t.db.selectFrom('alerts').selectAll().where('rule_id', '=', ruleId).orderBy('id').execute();

async function notified(alertId: number) {
  const rows = await t.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('u.username')
    .where('n.alert_id', '=', alertId)
    .orderBy('u.username')
    .execute();
  return rows.map((r) => r.username);
}

/** `count` new boards of the project, each with one run of `result`. */
async function boards(p: Production, prefix: string, count: number, result: 'pass' | 'fail') {
  for (let i = 0; i < count; i++) {
    const res = await p.report({ serial: `${prefix}-${i}`, result });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('first-pass yield below a level', () => {
  let p: Production;
  let ruleId: number;
  beforeAll(async () => {
    p = await createProduction(t, 'alpha');
    ruleId = (await addRule(p.projectId, { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 10 }, email: true })).id;
  });

  it('waits for a full window of boards', async () => {
    await boards(p, 'FPY-A', 5, 'fail');
    await evaluate();
    expect(await alertsOf(ruleId)).toHaveLength(0);
  });

  it('fires once, tells the admins and engineers, and emails them', async () => {
    mails.length = 0;
    await boards(p, 'FPY-B', 5, 'pass');
    const first = await evaluate();
    expect(first).toMatchObject({ skipped: false, fired: 1 });
    await evaluate();
    const alerts = await alertsOf(ruleId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: 'project', cleared_at: null, link: `/statistics?project=${p.projectId}` });
    expect(alerts[0].title).toContain('first-pass yield 50%');
    expect(await notified(alerts[0].id)).toEqual(['alpha-admin', 'alpha-engineer']);
    expect(mails.map((m) => m.to).sort()).toEqual(['alpha-admin@example.com', 'alpha-engineer@example.com'].sort());
    expect(mails[0].text).toContain(`${PUBLIC_URL}/statistics?project=${p.projectId}`);
  });

  it('clears when the last boards pass, and fires again on the next breach', async () => {
    await boards(p, 'FPY-C', 10, 'pass');
    expect(await evaluate()).toMatchObject({ cleared: 1, fired: 0 });
    expect((await alertsOf(ruleId))[0].cleared_at).not.toBeNull();
    await boards(p, 'FPY-D', 3, 'fail');
    await evaluate();
    const alerts = await alertsOf(ruleId);
    expect(alerts).toHaveLength(2);
    expect(alerts[1].cleared_at).toBeNull();
  });
});

describe('a step Cpk below a level', () => {
  it('fires per step of the active profile and clears when the rule no longer holds it in breach', async () => {
    const p = await createProduction(t, 'alpha');
    const profileId = await activeProfileWithLimit(t, p.projectId, null, 'smoke', '1.0');
    const values = [3.12, 3.48, 3.3, 3.14, 3.46, 3.2, 3.4, 3.13, 3.47, 3.3];
    for (const [i, value] of values.entries()) {
      const body = reportBody({ serial: `CPK-${i}`, project_id: p.projectId, production_batch_id: p.batchId });
      body.steps[0] = { name: 'power on', value, unit: 'V', low: 3.1, high: 3.5, pass: true };
      expect((await postReport(t, p.jig, body)).statusCode).toBe(201);
    }
    const rule = await addRule(p.projectId, { kind: 'cpk_below', params: { level: 1.33, step: 'power on' } });
    await evaluate();
    const alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(alerts[0]).toMatchObject({ subject: `step:${profileId}:power on`, link: `/testprofiles/${profileId}?step=power%20on&from=${from}#statistics` });

    const lowered = await t.call('PATCH', `/v1/alert-rules/${rule.id}`, { as: 'alpha-admin', body: { params: { level: 0.1, step: 'power on' } } });
    expect(lowered.statusCode).toBe(200);
    await evaluate();
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();
  });
});

describe('a run rule fired', () => {
  it('fires per step with a link to the chart point, and clears when the violations are gone', async () => {
    const p = await createProduction(t, 'alpha');
    const rule = await addRule(p.projectId, { kind: 'run_rule', params: {} });
    let violations: RunRuleViolation[] = [
      { profile_id: 41, step: 'VBUS current', report_id: 700, rule: 1, finished_at: '2026-12-01T10:00:00.000Z' },
      { profile_id: 41, step: 'VBUS current', report_id: 705, rule: 5, finished_at: '2026-12-01T11:00:00.000Z' },
    ];
    const sources = { ...alertSources, runRuleViolations: async () => violations };
    await evaluate(new Date(), { sources });
    await evaluate(new Date(), { sources });
    const alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: 'step:41:VBUS current', link: '/testprofiles/41?step=VBUS%20current&point=705#statistics' });
    expect(alerts[0].title).toContain('run rule 5');
    violations = [];
    await evaluate(new Date(), { sources });
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();
  });

  it('fires on a point of the run chart beyond 3σ, and clears when the profile no longer checks that rule', async () => {
    const p = await createProduction(t, 'alpha');
    const profileId = await activeProfileWithLimit(t, p.projectId, null, 'smoke', '1.0');
    const values = [3.3, 3.31, 3.29, 3.3, 3.31, 3.29, 3.3, 3.31, 3.29, 3.3, 3.31, 3.29, 3.3, 3.31, 3.29, 3.3, 3.31, 3.29, 3.3, 3.49];
    let outlier = 0;
    for (const [i, value] of values.entries()) {
      const body = reportBody({ serial: `RR-${i}`, project_id: p.projectId, production_batch_id: p.batchId, finished_at: new Date(Date.now() - (values.length - i) * 60_000).toISOString() });
      body.steps[0] = { name: 'power on', value, unit: 'V', low: 3.1, high: 3.5, pass: true };
      const res = await postReport(t, p.jig, body);
      expect(res.statusCode).toBe(201);
      outlier = res.json().data.report_id;
    }
    const rule = await addRule(p.projectId, { kind: 'run_rule', params: { step: 'power on' } });
    expect(await evaluate()).toMatchObject({ failed: 0 });
    const alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: `step:${profileId}:power on`, link: `/testprofiles/${profileId}?step=power%20on&point=${outlier}#statistics` });
    expect(alerts[0].title).toContain('run rule 1');

    const rules = await t.call('PATCH', `/v1/testprofiles/${profileId}`, { as: 'alpha-admin', body: { run_rules: [2, 3, 4] } });
    expect(rules.statusCode, rules.body).toBe(200);
    await evaluate();
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();
  });
});

describe('a jig', () => {
  it('fires when its false-fail rate is above the level, and clears once good runs bring it down', async () => {
    const p = await createProduction(t, 'alpha');
    const rule = await addRule(p.projectId, { kind: 'false_fail_rate_above', params: { level: 0.2 } });
    // A fail, then a pass with no repair between: a false fail, in 1 of 2 runs.
    expect((await p.report({ serial: 'FF-1', result: 'fail' })).statusCode).toBe(201);
    expect((await p.report({ serial: 'FF-1', result: 'pass' })).statusCode).toBe(201);
    await evaluate();
    const alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    const setting = await t.db.selectFrom('enclosure_settings').select('id').where('enclosure_id', '=', p.jig.id).executeTakeFirstOrThrow();
    expect(alerts[0]).toMatchObject({ subject: `jig:${p.jig.id}`, link: `/enclosures/${setting.id}/health` });
    await boards(p, 'FF-OK', 8, 'pass');
    await evaluate();
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();
  });

  it('fires when a jig set to the project is not fit to test, and clears when it leaves the project', async () => {
    const p = await createProduction(t, 'alpha');
    const jig = await createJig(t, t.companyIds.alpha);
    await postReport(t, jig, reportBody({ serial: 'NR-1', project_id: p.projectId, production_batch_id: p.batchId }));
    await pointJigAtProject(t, jig.id, p.projectId);
    const rule = await addRule(p.projectId, { kind: 'jig_not_ready', params: { jig_id: jig.id } });
    await evaluate();
    const alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toBe(`jig:${jig.id}`);
    expect(alerts[0].detail).toContain('no active test profile');
    await pointJigAtProject(t, jig.id, null);
    await evaluate();
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();
  });
});

describe('a calibration due within days', () => {
  it('fires for a cartridge of the project never calibrated, clears once calibrated, fires again as the due day nears', async () => {
    const p = await createProduction(t, 'alpha');
    const cassetteId = await insertCassette(t);
    await t.db.updateTable('cassettes').set({ company_id: t.companyIds.alpha }).where('id', '=', cassetteId).execute();
    await t.db.insertInto('project_cassettes').values({ project_id: p.projectId, cassette_id: cassetteId, created_at: new Date().toISOString() }).execute();
    const cartridgeId = await createCartridge(t, { cartridge_type_id: await insertCartridgeType(t), cassette_id: cassetteId, bay: 1 });
    const rule = await addRule(p.projectId, { kind: 'calibration_due', params: { days: 30 } });
    const now = new Date('2026-12-07T12:00:00.000Z');
    await evaluate(now);
    let alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: `cartridge:${cartridgeId}`, link: `/cartridges/${cartridgeId}/health` });
    expect(alerts[0].title).toContain('never calibrated');

    await recordCalibration(t, cartridgeId, { calibrated_at: '2026-12-01', due_at: '2027-06-01' });
    await evaluate(now);
    expect((await alertsOf(rule.id))[0].cleared_at).not.toBeNull();

    await evaluate(new Date('2027-05-10T12:00:00.000Z'));
    alerts = await alertsOf(rule.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1].title).toContain('due calibration on 2027-06-01');
  });
});

describe('notifications', () => {
  let p: Production;
  beforeAll(async () => {
    p = await createProduction(t, 'alpha');
    await addRule(p.projectId, { kind: 'first_pass_yield_below', params: { level: 0.99, last_boards: 10 } });
    await boards(p, 'N-A', 10, 'fail');
    const sent = mails.length;
    expect(await evaluate()).toMatchObject({ fired: 1 });
    // The rule does not ask for email: the bell only.
    expect(mails).toHaveLength(sent);
  });
  const unread = async (as: string) => (await t.call('GET', '/v1/notifications/unread-count', { as })).json().data.unread as number;

  it('counts unread per person, lists them with their alert, and acknowledges one or all', async () => {
    const before = await unread('alpha-engineer');
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await unread('alpha-operator')).toBe(0);
    expect(await unread('alpha-viewer')).toBe(0);
    expect(await unread('beta-admin')).toBe(0);
    expect(await unread('root')).toBe(0);

    const list = await t.call('GET', '/v1/notifications?limit=100', { as: 'alpha-engineer' });
    expect(list.statusCode).toBe(200);
    const mine = list.json().data as { id: number; read_at: string | null; alert: { project_id: number; link: string; detail: string } }[];
    expect(mine).toHaveLength(before);
    const ours = mine.find((n) => n.alert.project_id === p.projectId)!;
    expect(ours.alert.link).toBe(`/statistics?project=${p.projectId}`);
    expect(ours.alert.detail).toContain('of the last 10 boards');

    const project = (await t.call('GET', `/v1/projects/${p.projectId}`, { as: 'alpha-engineer' })).json().data.name as string;
    const found = await t.call('GET', `/v1/notifications?search=${encodeURIComponent(project)}`, { as: 'alpha-engineer' });
    expect(found.json().data.map((n: { id: number }) => n.id)).toEqual([ours.id]);

    const read = await t.call('POST', `/v1/notifications/${ours.id}/read`, { as: 'alpha-engineer' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unread).toBe(before - 1);
    // Read ones go after the unread ones.
    const again = (await t.call('GET', '/v1/notifications?limit=100', { as: 'alpha-engineer' })).json().data as { id: number; read_at: string | null }[];
    expect(again.at(-1)!.id).toBe(ours.id);
    expect(again.at(-1)!.read_at).not.toBeNull();
    // The admin's own copy is untouched.
    expect(await unread('alpha-admin')).toBeGreaterThanOrEqual(1);

    // Another person's notification does not exist for them, nor for a superadmin.
    expect((await t.call('POST', `/v1/notifications/${ours.id}/read`, { as: 'alpha-admin' })).statusCode).toBe(404);
    expect((await t.call('POST', `/v1/notifications/${ours.id}/read`, { as: 'root' })).statusCode).toBe(404);

    const all = await t.call('POST', '/v1/notifications/read-all', { as: 'alpha-admin' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.read).toBeGreaterThanOrEqual(1);
    expect(await unread('alpha-admin')).toBe(0);
  });

  it('lists the project\'s occurrences, newest first, to whoever sees the project', async () => {
    const res = await t.call('GET', `/v1/projects/${p.projectId}/alerts?state=firing`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(1);
    expect(res.json().data[0]).toMatchObject({ state: 'firing', kind: 'first_pass_yield_below' });
    expect((await t.call('GET', `/v1/projects/${p.projectId}/alerts`, { as: 'beta-admin' })).statusCode).toBe(404);
  });
});

describe('the evaluator\'s timer', () => {
  it('judges the rules every ALERT_INTERVAL_MS, and stops with the server', async () => {
    const timed = await createTestApp({ alertIntervalMs: 100 });
    try {
      const q = await createProduction(timed, 'alpha');
      const res = await timed.call('POST', `/v1/projects/${q.projectId}/alert-rules`, {
        as: 'alpha-engineer',
        body: { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 10 } },
      });
      expect(res.statusCode).toBe(201);
      for (let i = 0; i < 10; i++) expect((await q.report({ serial: `TIMER-${i}`, result: 'fail' })).statusCode).toBe(201);
      const deadline = Date.now() + 10_000;
      let open = 0;
      while (Date.now() < deadline && open === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        open = (await timed.db.selectFrom('alerts').select('id').where('project_id', '=', q.projectId).execute()).length;
      }
      expect(open).toBe(1);
    } finally {
      await timed.close();
    }
  });
});

describe('rules', () => {
  let p: Production;
  beforeAll(async () => {
    p = await createProduction(t, 'alpha');
  });

  it('refuses params that do not fit the kind, on the field', async () => {
    const res = await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, {
      as: 'alpha-admin',
      body: { kind: 'first_pass_yield_below', params: { level: 1.5, last_boards: 5 } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['params.last_boards', 'params.level']);
    const days = await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, { as: 'alpha-admin', body: { kind: 'calibration_due', params: { days: 0 } } });
    expect(days.json().errors).toHaveProperty(['params.days']);
    const kind = await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, { as: 'alpha-admin', body: { kind: 'nope', params: {} } });
    expect(kind.json().errors).toHaveProperty('kind');
  });

  it('names each rule in words, and lists them to whoever sees the project', async () => {
    const rule = await addRule(p.projectId, { kind: 'first_pass_yield_below', params: { level: 0.95, last_boards: 500 } });
    expect(rule.name).toBe('First-pass yield below 95%');
    const list = await t.call('GET', `/v1/projects/${p.projectId}/alert-rules`, { as: 'alpha-operator' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(rule.id);
  });

  it('lets engineers and admins manage rules, not operators or viewers, and hides them from other companies', async () => {
    const body = { kind: 'jig_not_ready', params: {} };
    expect((await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, { as: 'alpha-operator', body })).statusCode).toBe(403);
    expect((await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, { as: 'alpha-viewer', body })).statusCode).toBe(403);
    expect((await t.call('POST', `/v1/projects/${p.projectId}/alert-rules`, { as: 'beta-admin', body })).statusCode).toBe(404);
    const rule = await addRule(p.projectId, body, 'alpha-admin');
    expect((await t.call('PATCH', `/v1/alert-rules/${rule.id}`, { as: 'alpha-operator', body: { enabled: false } })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/alert-rules/${rule.id}`, { as: 'beta-admin', body: { enabled: false } })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/projects/${p.projectId}/alert-rules`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/alert-rules/${rule.id}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/alert-rules/${rule.id}`, { as: 'alpha-engineer' })).statusCode).toBe(204);
  });

  it('clears a switched-off rule\'s occurrences, and judges it no more', async () => {
    const q = await createProduction(t, 'alpha');
    const rule = await addRule(q.projectId, { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 10 } });
    await boards(q, 'OFF', 10, 'fail');
    await evaluate();
    expect((await alertsOf(rule.id))[0].cleared_at).toBeNull();
    const off = await t.call('PATCH', `/v1/alert-rules/${rule.id}`, { as: 'alpha-engineer', body: { enabled: false } });
    expect(off.json().data).toMatchObject({ enabled: false, open_alerts: 0 });
    await evaluate();
    expect(await alertsOf(rule.id)).toHaveLength(1);
  });

  it('judges the other rules when one rule\'s figures fail in the database', async () => {
    const q = await createProduction(t, 'alpha');
    const broken = await addRule(q.projectId, { kind: 'cpk_below', params: { level: 1 } });
    const judged = await addRule(q.projectId, { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 10 } });
    await boards(q, 'SAVE', 10, 'fail');
    // A statement that fails inside PostgreSQL's round transaction: without its own savepoint it
    // would abort the transaction, and the rule judged after it with it.
    const failing = { ...alertSources, stepCapabilities: async (db: typeof t.db) => (await sql`select * from no_such_table`.execute(db), []) };
    const round = await evaluate(new Date(), { sources: failing });
    expect(round.failed).toBeGreaterThanOrEqual(1);
    expect(await alertsOf(broken.id)).toHaveLength(0);
    expect(await alertsOf(judged.id)).toHaveLength(1);
  });

  it('runs a round at once for a superadmin only', async () => {
    expect((await t.call('POST', '/v1/manage/alerts/evaluate', { as: 'alpha-admin' })).statusCode).toBe(403);
    const res = await t.call('POST', '/v1/manage/alerts/evaluate', { as: 'root' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ skipped: false });
  });
});
