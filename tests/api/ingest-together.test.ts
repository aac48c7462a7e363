import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { openPipelinedTransactions } from '../../server/db/open';
import { HttpError } from '../../server/http/errors';
import { ingestReport, ingestReports, type IngestItem } from '../../server/services/production/ingest';
import { ReportQueue, reportQueueTotals } from '../../server/services/production/report-queue';
import { batchCounters, createProduction, dailyStats, reportBody, type Production, type ReportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Reports stored together (group commit) must leave exactly what storing them one
 * after another leaves. The oracle is the same reports fed one at a time into a twin project.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const jigOf = (p: Production) => ({ id: p.jig.id, company_id: 0 });

async function companyOf(p: Production) {
  return (await t.db.selectFrom('projects').where('id', '=', p.projectId).select('company_id').executeTakeFirstOrThrow()).company_id;
}

/** A day of a line: boards that pass, fail then pass, fail for good, err, and a retest after release-like passes. */
function sequence(p: Production): ReportBody[] {
  const base = { project_id: p.projectId, production_batch_id: p.batchId };
  const r = (serial: string, result: ReportBody['result'], extra: Partial<ReportBody> = {}) => reportBody({ ...base, serial, result, ...extra });
  return [
    r('TOG-1', 'pass'),
    r('TOG-2', 'fail'),
    r('TOG-2', 'pass'), // second pass, in the same group as its first run
    r('TOG-3', 'fail'),
    r('TOG-3', 'fail'),
    r('TOG-3', 'error'),
    r('TOG-4', 'error'),
    r('TOG-4', 'pass'),
    r('TOG-1', 'fail', { panel_id: 'P-7' }), // a passed board fails a retest: its last pass goes
    r('TOG-5', 'pass', { test_profile: 'other', test_profile_version: '2' }),
    r('TOG-3', 'pass'), // third run passes: a last pass, no second pass
  ];
}

async function boards(p: Production) {
  const rows = await t.db
    .selectFrom('devices')
    .where('project_id', '=', p.projectId)
    .select(['serial', 'status', 'first_pass', 'pass_attempt', 'last_result', 'report_count', 'panel_id'])
    .orderBy('serial')
    .execute();
  return rows;
}

async function yields(p: Production) {
  const rows = await t.db
    .selectFrom('report_daily_stats')
    .where('project_id', '=', p.projectId)
    .select(['reports', 'passed', 'failed', 'errors', 'first_tests', 'first_passes', 'second_passes', 'last_passes'])
    .execute();
  return rows.reduce((sum, row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, (sum[k] ?? 0) + Number(v)])), {} as Record<string, number>);
}

describe('reports stored together', () => {
  it('leave the boards, counters and statistics that storing them one by one leaves', async () => {
    const together = await createProduction(t, 'alpha');
    const alone = await createProduction(t, 'alpha');
    const jigTogether = { ...jigOf(together), company_id: await companyOf(together) };
    const jigAlone = { ...jigOf(alone), company_id: await companyOf(alone) };

    const outcomes = await ingestReports(t.db, sequence(together).map((input) => ({ jig: jigTogether, input })));
    expect(outcomes.every((o) => o.ok && !o.result.duplicate)).toBe(true);
    for (const input of sequence(alone)) await ingestReport(t.db, jigAlone, input);

    const [b1, b2] = [await boards(together), await boards(alone)];
    expect(b1).toEqual(b2);
    expect(b1.find((b) => b.serial === 'TOG-3')).toMatchObject({ status: 'passed', first_pass: 0, pass_attempt: 4, report_count: 4 });
    expect(b1.find((b) => b.serial === 'TOG-1')).toMatchObject({ status: 'failed', first_pass: 1, pass_attempt: 1, panel_id: 'P-7' });

    const [c1, c2] = [await batchCounters(t, together.batchId), await batchCounters(t, alone.batchId)];
    expect(c1.stored).toEqual(c1.recounted);
    expect(c1.stored).toEqual(c2.stored);
    expect(c1.stored).toMatchObject({ device_count: 5, report_count: 11, passed_count: 4, failed_count: 1 });

    const [d1, d2] = [await dailyStats(t, together.projectId), await dailyStats(t, alone.projectId)];
    expect(d1.stored).toEqual(d1.recounted);
    expect(d1.sliced).toEqual(d1.recounted);
    const withoutBatch = (rows: string[]) => rows.map((row) => row.replace(/^\d+\|/, ''));
    expect(withoutBatch(d1.stored)).toEqual(withoutBatch(d2.stored));
    expect(await yields(together)).toEqual(await yields(alone));
    // Boards 1 and 5 passed on their first run, 2 and 4 on their second; 2, 3, 4 and 5 stand passed.
    expect(await yields(together)).toMatchObject({ first_tests: 5, second_passes: 4, last_passes: 4 });

    const steps = (p: Production) =>
      t.db.selectFrom('step_failure_daily').where('project_id', '=', p.projectId).select(['step_name', 'failures']).execute();
    expect(await steps(together)).toEqual(await steps(alone));
    const failingBoards = await t.db.selectFrom('device_step_failures').where('project_id', '=', together.projectId).selectAll().execute();
    expect(failingBoards).toHaveLength(3); // TOG-2, TOG-3 and TOG-1 failed 'current' once each
  });

  it('answer each report on its own: a refused one stores nothing and leaves the others stored', async () => {
    const p = await createProduction(t, 'alpha');
    const other = await createProduction(t, 'beta');
    const jig = { id: p.jig.id, company_id: await companyOf(p) };
    const base = { project_id: p.projectId, production_batch_id: p.batchId };
    const twice = reportBody({ ...base, serial: 'ALONE-1' });
    const items: IngestItem[] = [
      { jig, input: twice },
      { jig, input: reportBody({ project_id: other.projectId, production_batch_id: other.batchId, serial: 'ALONE-X' }) },
      { jig, input: reportBody({ project_id: p.projectId, serial: 'ALONE-2' }) }, // a new board without a batch
      { jig, input: reportBody({ ...base, serial: 'ALONE-2' }) }, // the same board, now with its batch
      { jig, input: { ...twice } }, // the same uuid again, in the same group
      { jig, input: reportBody({ ...base, serial: 'ALONE-3', started_at: new Date().toISOString(), finished_at: '2020-01-01T00:00:00.000Z' }) },
    ];
    const outcomes = await ingestReports(t.db, items);
    const field = (i: number) => {
      const o = outcomes[i];
      if (o.ok || !(o.error instanceof HttpError)) throw new Error(`report ${i} was not refused with a field error`);
      return Object.keys(o.error.errors ?? {});
    };
    expect(outcomes[0]).toMatchObject({ ok: true, result: { duplicate: false } });
    expect(field(1)).toEqual(['project_id']);
    expect(field(2)).toEqual(['production_batch_id']);
    expect(outcomes[3]).toMatchObject({ ok: true, result: { duplicate: false } });
    const first = outcomes[0].ok ? outcomes[0].result : undefined;
    expect(outcomes[4]).toEqual({ ok: true, result: { ...first, duplicate: true } });
    expect(field(5)).toEqual(['finished_at']);

    const stored = await t.db.selectFrom('devices').where('project_id', 'in', [p.projectId, other.projectId]).select('serial').orderBy('serial').execute();
    expect(stored.map((d) => d.serial)).toEqual(['ALONE-1', 'ALONE-2']);
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.reportRows).toBe(2);
  });

  it("make no board for a report refused for its uuid, nor for one naming another project's batch", async () => {
    const p = await createProduction(t, 'alpha');
    const other = await createProduction(t, 'beta');
    const jig = { id: p.jig.id, company_id: await companyOf(p) };
    const theirs = reportBody({ project_id: other.projectId, production_batch_id: other.batchId, serial: 'THEIRS-1' });
    await ingestReports(t.db, [{ jig: { id: other.jig.id, company_id: await companyOf(other) }, input: theirs }]);
    const outcomes = await ingestReports(t.db, [
      { jig, input: reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'MINE-1' }) },
      { jig, input: { ...reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'MINE-UUID' }), uuid: theirs.uuid } },
      { jig, input: reportBody({ project_id: p.projectId, production_batch_id: other.batchId, serial: 'MINE-BATCH' }) },
    ]);
    expect(outcomes.map((o) => (o.ok ? 'stored' : Object.keys((o.error as HttpError).errors ?? {})[0]))).toEqual(['stored', 'uuid', 'production_batch_id']);
    const stored = await t.db.selectFrom('devices').where('project_id', 'in', [p.projectId, other.projectId]).select('serial').orderBy('serial').execute();
    expect(stored.map((d) => d.serial)).toEqual(['MINE-1', 'THEIRS-1']);
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
  });

  it('from writers that race (replicas, each with its own queue): one device per board, counters right', async () => {
    const p = await createProduction(t, 'alpha');
    const jig = { id: p.jig.id, company_id: await companyOf(p) };
    const base = { project_id: p.projectId, production_batch_id: p.batchId };
    // Six writers, each storing its own group that names the same four new boards.
    const groups = Array.from({ length: 6 }, (_, w) =>
      ['RACE-1', 'RACE-2', 'RACE-3', 'RACE-4'].map((serial, i) => ({ jig, input: reportBody({ ...base, serial, result: (w + i) % 3 ? 'pass' : 'fail' }) })),
    );
    const outcomes = (await Promise.all(groups.map((items) => ingestReports(t.db, items)))).flat();
    expect(outcomes.every((o) => o.ok && !o.result.duplicate)).toBe(true);
    const devices = await t.db.selectFrom('devices').where('project_id', '=', p.projectId).select(['serial', 'report_count']).orderBy('serial').execute();
    expect(devices).toEqual(['RACE-1', 'RACE-2', 'RACE-3', 'RACE-4'].map((serial) => ({ serial, report_count: 6 })));
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored).toMatchObject({ device_count: 4, report_count: 24 });
    const daily = await dailyStats(t, p.projectId);
    expect(daily.stored).toEqual(daily.recounted);
  });

  it('find the board another writer made between their lookup and their insert (PostgreSQL), as it left it', async () => {
    const p = await createProduction(t, 'alpha');
    const jig = { id: p.jig.id, company_id: await companyOf(p) };
    const input = reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'RACED-1', result: 'fail' });
    if (dialectOf(t.db) === 'postgres') {
      // Another writer has made the board (an untested row, counted) and not committed: this
      // one's lookup finds nothing, its insert waits for that commit, then finds the row made.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let made!: () => void;
      const madeRow = new Promise<void>((r) => (made = r));
      const writer = t.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('devices')
          .values({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'RACED-1', serial_key: 'raced-1', created_at: now, updated_at: now })
          .execute();
        await trx.updateTable('production_batches').set((eb) => ({ device_count: eb('device_count', '+', 1), untested_count: eb('untested_count', '+', 1) })).where('id', '=', p.batchId).execute();
        await trx.updateTable('projects').set((eb) => ({ device_count: eb('device_count', '+', 1) })).where('id', '=', p.projectId).execute();
        made();
        await held;
      });
      await madeRow;
      const racing = ingestReports(t.db, [{ jig, input }]);
      await new Promise((r) => setTimeout(r, 200));
      release();
      await writer;
      expect((await racing)[0]).toMatchObject({ ok: true, result: { duplicate: false } });
    } else {
      // One writer at a time: the board is made by its first report and found by the next.
      await ingestReports(t.db, [{ jig, input: reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: 'RACED-1', result: 'fail' }) }]);
      await ingestReports(t.db, [{ jig, input }]);
    }
    const board = await t.db.selectFrom('devices').where('serial', '=', 'RACED-1').selectAll().execute();
    expect(board).toHaveLength(1);
    const reports = dialectOf(t.db) === 'postgres' ? 1 : 2;
    expect(board[0]).toMatchObject({ report_count: reports, status: 'failed', first_pass: 0 });
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored).toMatchObject({ device_count: 1, report_count: reports, failed_count: 1, untested_count: 0 });
  });

  it.each([1, 2])('through the queue, %i group(s) in flight: posts that arrive together are each answered, refusals as their own errors', async (overlapping) => {
    const p = await createProduction(t, 'alpha');
    const jig = { id: p.jig.id, company_id: await companyOf(p) };
    // As the server runs it: on PostgreSQL its groups' COMMITs go with their writes.
    const pipelined = openPipelinedTransactions(t.db, 4);
    onTestFinished(() => pipelined?.destroy());
    expect(pipelined !== undefined).toBe(dialectOf(t.db) === 'postgres');
    const queue = new ReportQueue(t.db, { most: 4, pipelined, overlapping });
    const bodies = Array.from({ length: 10 }, (_, i) => reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: `Q-${i % 6}`, result: i % 3 ? 'pass' : 'fail' }));
    const refused = reportBody({ project_id: p.projectId, production_batch_id: 999_999, serial: 'Q-NEW' });
    const before = { ...reportQueueTotals };
    const answers = await Promise.allSettled([...bodies, refused].map((input) => queue.submit(jig, input)));
    // Posts that arrive in one turn of the event loop wait for it to end and go together: 4 + 4 + 3.
    expect(reportQueueTotals.transactions - before.transactions).toBe(3);
    expect(reportQueueTotals.reports - before.reports).toBe(11);
    expect(answers.slice(0, 10).every((a) => a.status === 'fulfilled' && !a.value.duplicate)).toBe(true);
    const ids = new Set(answers.slice(0, 10).map((a) => (a.status === 'fulfilled' ? a.value.report_id : 0)));
    expect(ids.size).toBe(10);
    const last = answers[10];
    expect(last.status === 'rejected' && last.reason instanceof HttpError && last.reason.statusCode === 422).toBe(true);
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored).toMatchObject({ device_count: 6, report_count: 10 });
    // A retry of an acknowledged report through the queue is its duplicate.
    const again = await queue.submit(jig, { ...bodies[0], uuid: bodies[0].uuid });
    expect(again).toMatchObject({ duplicate: true, report_id: answers[0].status === 'fulfilled' ? answers[0].value.report_id : -1 });
  });
});

describe('a board made by its first report', () => {
  /** Counts updates of devices rows from here on (a trigger), to see which boards were written twice. */
  async function countDeviceUpdates() {
    const pg = dialectOf(t.db) === 'postgres';
    await sql`create table device_updates (device_id integer)`.execute(t.db);
    if (pg) {
      await sql`create function count_device_update() returns trigger language plpgsql as $$ begin insert into device_updates values (new.id); return null; end $$`.execute(t.db);
      await sql`create trigger count_device_updates after update on devices for each row execute function count_device_update()`.execute(t.db);
    } else {
      await sql`create trigger count_device_updates after update on devices begin insert into device_updates values (new.id); end`.execute(t.db);
    }
    onTestFinished(async () => {
      await sql`drop trigger count_device_updates ${pg ? sql`on devices` : sql``}`.execute(t.db);
      if (pg) await sql`drop function count_device_update()`.execute(t.db);
      await sql`drop table device_updates`.execute(t.db);
    });
    return async () => (await sql<{ device_id: number }>`select device_id from device_updates`.execute(t.db)).rows.map((r) => r.device_id);
  }

  it('is made as its reports in that round leave it, with no update after; one a check refused is corrected', async () => {
    const p = await createProduction(t, 'alpha');
    const jig = { ...jigOf(p), company_id: await companyOf(p) };
    const base = { project_id: p.projectId, production_batch_id: p.batchId };
    const stored = reportBody({ ...base, serial: 'MADE-0' });
    await ingestReports(t.db, [{ jig, input: stored }]);
    const updated = await countDeviceUpdates();

    // New boards with one report, and one with a failed run and a passed retest in the same round.
    const first = [
      reportBody({ ...base, serial: 'MADE-1', result: 'pass', panel_id: 'PANEL-1' }),
      reportBody({ ...base, serial: 'MADE-2', result: 'fail' }),
      reportBody({ ...base, serial: 'MADE-3', result: 'fail' }),
      reportBody({ ...base, serial: 'MADE-3', result: 'pass' }),
    ];
    expect((await ingestReports(t.db, first.map((input) => ({ jig, input })))).every((o) => o.ok)).toBe(true);
    expect(await updated()).toEqual([]);

    // MADE-4's retest reuses a stored uuid: a duplicate, so the board is made with one report, not two.
    const second = [reportBody({ ...base, serial: 'MADE-4', result: 'fail' }), { ...reportBody({ ...base, serial: 'MADE-4', result: 'pass' }), uuid: stored.uuid }];
    const outcomes = await ingestReports(t.db, second.map((input) => ({ jig, input })));
    expect(outcomes.map((o) => o.ok && o.result.duplicate)).toEqual([false, true]);
    const made4 = await t.db.selectFrom('devices').where('project_id', '=', p.projectId).where('serial', '=', 'MADE-4').select('id').executeTakeFirstOrThrow();
    // PostgreSQL makes boards in the lookups, before the checks: the duplicate counted there, so
    // the writes correct the board. SQLite makes them after the checks, which left it out.
    expect(await updated()).toEqual(dialectOf(t.db) === 'postgres' ? [made4.id] : []);

    expect(await boards(p)).toEqual([
      { serial: 'MADE-0', status: 'passed', first_pass: 1, pass_attempt: 1, last_result: 'pass', report_count: 1, panel_id: null },
      { serial: 'MADE-1', status: 'passed', first_pass: 1, pass_attempt: 1, last_result: 'pass', report_count: 1, panel_id: 'PANEL-1' },
      { serial: 'MADE-2', status: 'failed', first_pass: 0, pass_attempt: null, last_result: 'fail', report_count: 1, panel_id: null },
      { serial: 'MADE-3', status: 'passed', first_pass: 0, pass_attempt: 2, last_result: 'pass', report_count: 2, panel_id: null },
      { serial: 'MADE-4', status: 'failed', first_pass: 0, pass_attempt: null, last_result: 'fail', report_count: 1, panel_id: null },
    ]);
    const counters = await batchCounters(t, p.batchId);
    expect(counters.stored).toEqual(counters.recounted);
  });
});
