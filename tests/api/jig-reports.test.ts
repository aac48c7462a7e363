import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JIG_SIGNATURE_HEADER } from '../../contract/jig';
import { batchCounters, countRows, createJig, createProduction, postReport, reportBody, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let p: Production;
beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha');
});
afterAll(() => t?.close());

const TABLES = ['devices', 'device_reports', 'report_daily_stats', 'step_failure_daily', 'enclosure_daily_stats'] as const;
const countAll = async () => Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await countRows(t, n)])));

const device = (serial: string) =>
  t.db.selectFrom('devices').where('serial', '=', serial).selectAll().executeTakeFirstOrThrow();

describe('POST /v1/jig/reports: who may report', () => {
  it('refuses a missing, malformed or unknown signature with 401 and stores nothing', async () => {
    const before = await countAll();
    const body = reportBody({ serial: 'NOAUTH-1', project_id: p.projectId, production_batch_id: p.batchId });
    for (const jig of [null, { signature: 'not-hex' }, { signature: 'ab'.repeat(32) }]) {
      const res = await postReport(t, jig, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await countAll()).toEqual(before);
  });

  it('checks the signature before reading the body: 401 rather than 400 or 413', async () => {
    const post = (signature: string | null, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/jig/reports',
        payload,
        headers: { 'content-type': 'application/json', ...(signature && { [JIG_SIGNATURE_HEADER]: signature }) },
      });
    const malformed = '{"uuid": ';
    const huge = JSON.stringify({ serial: 'x'.repeat(2 * 1024 * 1024) });
    for (const signature of [null, 'ab'.repeat(32)]) {
      expect((await post(signature, malformed)).statusCode).toBe(401);
      expect((await post(signature, huge)).statusCode).toBe(401);
    }
    // A signed jig gets the parser's answers, as before.
    expect((await post(p.jig.signature, malformed)).statusCode).toBe(400);
    expect((await post(p.jig.signature, huge)).statusCode).toBe(413);
  });

  it.each(['revoked', 'unprovisioned'] as const)('refuses a %s jig with 401 and stores nothing', async (provisioning) => {
    const jig = await createJig(t, t.companyIds.alpha, { provisioning });
    const before = await countAll();
    const res = await postReport(t, jig, reportBody({ serial: `X-${provisioning}`, project_id: p.projectId, production_batch_id: p.batchId }));
    expect(res.statusCode).toBe(401);
    expect(await countAll()).toEqual(before);
    const row = await t.db.selectFrom('enclosures').where('id', '=', jig.id).select('last_seen_at').executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBeNull();
  });

  it('refuses a jig of no company with 401', async () => {
    const jig = await createJig(t, null);
    const res = await postReport(t, jig, reportBody({ serial: 'X-NOCOMPANY', project_id: p.projectId, production_batch_id: p.batchId }));
    expect(res.statusCode).toBe(401);
  });

  it('needs no user login: a user token alone is refused', async () => {
    const res = await t.call('POST', '/v1/jig/reports', {
      as: 'alpha-admin',
      body: reportBody({ serial: 'X-USER', project_id: p.projectId, production_batch_id: p.batchId }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /v1/jig/reports: validation', () => {
  it('answers 422 with field keys for a bad body', async () => {
    const res = await postReport(t, p.jig, { uuid: 'nope', serial: '', result: 'maybe', started_at: 'yesterday', steps: [{ pass: 'yes' }] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['finished_at', 'project_id', 'result', 'serial', 'started_at', 'steps.0.name', 'steps.0.pass', 'uuid'].sort(),
    );
  });

  it('refuses a project of another company with 422 on project_id', async () => {
    const beta = await createProduction(t, 'beta');
    const before = await countAll();
    const res = await p.report({ serial: 'X-OTHER', project_id: beta.projectId, production_batch_id: beta.batchId });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['project_id']);
    expect(await countAll()).toEqual(before);
  });

  it('needs a batch of the project for a new device', async () => {
    const other = await createProduction(t, 'alpha');
    const before = await countAll();
    const missing = await postReport(t, p.jig, reportBody({ serial: 'X-NOBATCH', project_id: p.projectId }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['production_batch_id']);
    const wrong = await p.report({ serial: 'X-WRONGBATCH', production_batch_id: other.batchId });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['production_batch_id']);
    expect(await countAll()).toEqual(before);
  });

  it('refuses finished_at before started_at', async () => {
    const res = await p.report({ serial: 'X-TIME', started_at: '2024-05-02T10:00:00Z', finished_at: '2024-05-02T09:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ finished_at: ['finished_at must not be before started_at.'] });
  });
});

describe('POST /v1/jig/reports: storing', () => {
  it('creates the device on first sight and answers 201', async () => {
    const res = await p.report({ serial: 'New-0001', result: 'pass' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ report_id: expect.any(Number), device_id: expect.any(Number), duplicate: false, out_of_policy: null, out_of_policy_words: null });
    const row = await device('New-0001');
    expect(row).toMatchObject({
      id: data.device_id,
      project_id: p.projectId,
      production_batch_id: p.batchId,
      serial_key: 'new-0001',
      status: 'passed',
      first_pass: 1,
      last_result: 'pass',
      report_count: 1,
    });
    const jig = await t.db.selectFrom('enclosures').where('id', '=', p.jig.id).select('last_seen_at').executeTakeFirstOrThrow();
    expect(jig.last_seen_at).not.toBeNull();
  });

  it('moves status, first pass, counters and aggregates through fail, error, pass', async () => {
    const q = await createProduction(t, 'alpha');
    const day = '2024-03-05';
    const at = (hh: string) => `${day}T${hh}:00:00.000Z`;
    const steps = (failing: string[]) => [
      { name: 'power on', pass: true },
      ...failing.map((name) => ({ name, value: 9, unit: 'V', low: 0, high: 5, pass: false })),
    ];

    expect((await q.report({ serial: 'SEQ-1', result: 'fail', finished_at: at('08'), steps: steps(['vcc', 'vcc', 'led']) })).statusCode).toBe(201);
    expect(await device('SEQ-1')).toMatchObject({ status: 'failed', first_pass: 0, last_result: 'fail', report_count: 1, tested_at: at('08') });

    expect((await q.report({ serial: 'SEQ-1', result: 'error', finished_at: at('09'), steps: [] })).statusCode).toBe(201);
    expect(await device('SEQ-1')).toMatchObject({ status: 'failed', first_pass: 0, last_result: 'error', report_count: 2, tested_at: at('09') });

    expect((await q.report({ serial: 'SEQ-1', result: 'pass', finished_at: at('10'), steps: steps([]) })).statusCode).toBe(201);
    expect(await device('SEQ-1')).toMatchObject({ status: 'passed', first_pass: 0, last_result: 'pass', report_count: 3, tested_at: at('10') });

    expect((await q.report({ serial: 'SEQ-2', result: 'pass', finished_at: at('11'), steps: steps([]) })).statusCode).toBe(201);
    expect((await q.report({ serial: 'SEQ-3', result: 'error', finished_at: at('12'), steps: [] })).statusCode).toBe(201);
    expect(await device('SEQ-3')).toMatchObject({ status: 'untested', first_pass: 0, last_result: 'error', report_count: 1 });

    const { stored, recounted } = await batchCounters(t, q.batchId);
    expect(stored).toEqual({
      device_count: 3,
      untested_count: 1,
      passed_count: 2,
      failed_count: 0,
      released_count: 0,
      scrapped_count: 0,
      tested_count: 3,
      first_pass_count: 1,
      // SEQ-1 passed on its third run (the error was its second), SEQ-2 on its first.
      second_pass_count: 1,
      last_pass_count: 2,
      report_count: 5,
    });
    expect(stored).toEqual(recounted);
    const project = await t.db.selectFrom('projects').where('id', '=', q.projectId).select('device_count').executeTakeFirstOrThrow();
    expect(project.device_count).toBe(3);

    const daily = await t.db.selectFrom('report_daily_stats').where('project_id', '=', q.projectId).selectAll().execute();
    expect(daily).toEqual([
      {
        company_id: t.companyIds.alpha,
        project_id: q.projectId,
        production_batch_id: q.batchId,
        day,
        reports: 5,
        passed: 2,
        failed: 1,
        errors: 2,
        first_tests: 3,
        first_passes: 1,
        second_passes: 1,
        last_passes: 2,
      },
    ]);
    const failing = await t.db
      .selectFrom('step_failure_daily')
      .where('project_id', '=', q.projectId)
      .select(['step_name', 'failures', 'day'])
      .orderBy('step_name')
      .execute();
    // `vcc` failed twice within one report: one failing run.
    expect(failing).toEqual([
      { step_name: 'led', failures: 1, day },
      { step_name: 'vcc', failures: 1, day },
    ]);
    const jigDays = await t.db.selectFrom('enclosure_daily_stats').where('enclosure_id', '=', q.jig.id).selectAll().execute();
    expect(jigDays).toEqual([{ enclosure_id: q.jig.id, company_id: t.companyIds.alpha, day, reports: 5 }]);
  });

  it('keeps a known device in its batch and normalises times to UTC', async () => {
    const q = await createProduction(t, 'alpha');
    const second = await q.addBatch('Lot 2');
    await q.report({ serial: 'KEEP-1' });
    const res = await q.report({ serial: 'keep-1', production_batch_id: second, finished_at: '2024-06-01T01:30:00+02:00', started_at: '2024-06-01T01:00:00+02:00' });
    expect(res.statusCode).toBe(201);
    const row = await device('KEEP-1');
    expect(row).toMatchObject({ production_batch_id: q.batchId, report_count: 2, tested_at: '2024-05-31T23:30:00.000Z' });
    const stats = await t.db.selectFrom('report_daily_stats').where('project_id', '=', q.projectId).where('day', '=', '2024-05-31').selectAll().executeTakeFirstOrThrow();
    expect(stats).toMatchObject({ production_batch_id: q.batchId, reports: 1, first_tests: 0 });
  });

  it('never changes a released or scrapped device', async () => {
    const q = await createProduction(t, 'alpha');
    const created = await q.report({ serial: 'SCRAP-1', result: 'fail' });
    const id = created.json().data.device_id;
    const patch = await t.call('PATCH', `/v1/manage/devices/${id}`, { as: 'root', body: { status: 'scrapped' } });
    expect(patch.statusCode).toBe(200);
    expect((await q.report({ serial: 'SCRAP-1', result: 'pass' })).statusCode).toBe(201);
    expect(await device('SCRAP-1')).toMatchObject({ status: 'scrapped', last_result: 'pass', report_count: 2, first_pass: 0 });
    const { stored, recounted } = await batchCounters(t, q.batchId);
    expect(stored).toEqual(recounted);
    expect(stored).toMatchObject({ scrapped_count: 1, failed_count: 0, passed_count: 0 });
  });

  it('refuses a uuid another company used with 422 on uuid', async () => {
    const beta = await createProduction(t, 'beta');
    const first = await p.report({ serial: 'UUID-1' });
    const uuid = (await t.db.selectFrom('device_reports').where('id', '=', first.json().data.report_id).select('uuid').executeTakeFirstOrThrow()).uuid;
    const res = await beta.report({ serial: 'UUID-1', uuid });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['uuid']);
  });
});

describe('POST /v1/jig/reports: retries and races', () => {
  it('stores a uuid posted 10 times at once exactly once', async () => {
    const q = await createProduction(t, 'alpha');
    const body = reportBody({ serial: 'RETRY-1', project_id: q.projectId, production_batch_id: q.batchId, result: 'fail' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postReport(t, q.jig, body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const acks = answers.map((a) => a.json().data);
    expect(new Set(acks.map((a) => `${a.report_id}:${a.device_id}`)).size).toBe(1);
    expect(acks.filter((a) => a.duplicate)).toHaveLength(9);
    const reports = await t.db.selectFrom('device_reports').where('uuid', '=', body.uuid).selectAll().execute();
    expect(reports).toHaveLength(1);
    const { stored, recounted } = await batchCounters(t, q.batchId);
    expect(stored).toMatchObject({ device_count: 1, failed_count: 1, tested_count: 1, report_count: 1 });
    expect(stored).toEqual(recounted);
    const daily = await t.db.selectFrom('report_daily_stats').where('project_id', '=', q.projectId).selectAll().execute();
    expect(daily.map((d) => [d.reports, d.first_tests])).toEqual([[1, 1]]);
    // A later retry still answers 200 with the same ids and changes nothing.
    const late = await postReport(t, q.jig, body);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toEqual({ ...acks[0], duplicate: true });
    expect(await batchCounters(t, q.batchId)).toEqual({ stored, recounted, reportRows: 1 });
  });

  it('makes one device of many first reports of one serial at once', async () => {
    const q = await createProduction(t, 'alpha');
    const results = ['fail', 'pass', 'error', 'pass', 'fail', 'pass', 'pass', 'fail', 'error', 'pass', 'pass', 'fail'] as const;
    const answers = await Promise.all(results.map((result) => q.report({ serial: 'RACE-1', result })));
    expect(answers.map((a) => a.statusCode)).toEqual(results.map(() => 201));
    expect(new Set(answers.map((a) => a.json().data.device_id)).size).toBe(1);
    const rows = await t.db.selectFrom('devices').where('project_id', '=', q.projectId).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].report_count).toBe(results.length);
    const { stored, recounted, reportRows } = await batchCounters(t, q.batchId);
    expect(stored).toEqual(recounted);
    expect(stored).toMatchObject({ device_count: 1, tested_count: 1, report_count: results.length });
    expect(reportRows).toBe(results.length);
    // The first stored report decides first pass, whichever that was.
    const first = await t.db.selectFrom('device_reports').where('device_id', '=', rows[0].id).orderBy('id').select('result').executeTakeFirstOrThrow();
    expect(rows[0].first_pass).toBe(first.result === 'pass' ? 1 : 0);
    const project = await t.db.selectFrom('projects').where('id', '=', q.projectId).select('device_count').executeTakeFirstOrThrow();
    expect(project.device_count).toBe(1);
    const daily = await t.db.selectFrom('report_daily_stats').where('project_id', '=', q.projectId).selectAll().execute();
    expect(daily.reduce((n, d) => n + d.reports, 0)).toBe(results.length);
    expect(daily.reduce((n, d) => n + d.first_tests, 0)).toBe(1);
  });

  it('keeps counters right under concurrent reports for many boards of one batch', async () => {
    const q = await createProduction(t, 'alpha');
    const serials = Array.from({ length: 8 }, (_, i) => `MANY-${i}`);
    const posts = serials.flatMap((serial, i) => [
      q.report({ serial, result: i % 3 === 0 ? 'fail' : 'pass' }),
      q.report({ serial, result: i % 2 === 0 ? 'pass' : 'error' }),
      q.report({ serial, uuid: randomUUID(), result: 'fail' }),
    ]);
    const answers = await Promise.all(posts);
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const { stored, recounted, reportRows } = await batchCounters(t, q.batchId);
    expect(stored).toEqual(recounted);
    expect(stored.device_count).toBe(8);
    expect(reportRows).toBe(24);
  });
});
