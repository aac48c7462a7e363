import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { openPipelinedTransactions } from '../../server/db/open';
import { pipelinedTimings } from '../../server/db/pipelined';
import { jsonRecordset, preparedOnce, preparedPerShape, recordsJson } from '../../server/db/prepared';
import { BATCH_COUNTERS, BATCH_TALLY, type BatchCounts } from '../../server/services/production/counters';
import { ingestReports } from '../../server/services/production/ingest';
import { tallyFromJson, writeNow } from '../../server/services/production/tallies';
import { createProduction, reportBody } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/** server/db/prepared.ts: a statement compiled once, and prepared once per PostgreSQL connection under a name. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a statement prepared once', () => {
  it('is built once, each call fills its slots by name, and PostgreSQL keeps one named statement for it', async () => {
    let builds = 0;
    const statement = preparedOnce<{ sum: number; label: string }, 'n' | 'label'>((slot) => {
      builds += 1;
      return sql`select cast(${slot('n')} as integer) + cast(${slot('n')} as integer) as sum, cast(${slot('label')} as text) as label`;
    });
    await t.db.connection().execute(async (db) => {
      const answers = [];
      for (const [n, label] of [[1, 'one'], [20, 'twenty'], [300, 'many']] as const) answers.push((await statement(db, { label, n }))[0]);
      expect(answers).toEqual([
        { sum: 2, label: 'one' },
        { sum: 40, label: 'twenty' },
        { sum: 600, label: 'many' },
      ]);
      expect(builds).toBe(1);
      if (dialectOf(db) === 'postgres') {
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
        const ours = rows.filter((r) => r.statement.includes('as sum'));
        expect(ours).toHaveLength(1);
        expect(ours[0].name).toMatch(/^jb_[0-9a-f]{20}$/);
        // Kysely's own statements stay unnamed.
        expect(rows.filter((r) => r.statement.includes('pg_prepared_statements'))).toEqual([]);
      }
    });
  });
});

describe('a statement prepared per shape', () => {
  it('is built once per shape, keeps the values the shape wrote and fills its slots per call', async () => {
    const built: string[] = [];
    const statement = preparedPerShape<{ n: number }, 'n', { plus: number; negate: boolean }>((slot, _db, shape) => {
      built.push(JSON.stringify(shape));
      const n = sql`cast(${slot('n')} as integer) + cast(${shape.plus} as integer)`;
      return sql`select ${shape.negate ? sql`-(${n})` : n} as n`;
    });
    const answers: number[] = [];
    for (const [shape, n] of [[{ plus: 1, negate: false }, 10], [{ plus: 1, negate: false }, 20], [{ plus: 5, negate: true }, 10], [{ plus: 1, negate: false }, 30]] as const) {
      answers.push(Number((await statement(t.db, shape, { n }))[0].n));
    }
    expect(answers).toEqual([11, 21, -15, 31]);
    expect(built).toEqual(['{"plus":1,"negate":false}', '{"plus":5,"negate":true}']);
  });
});

describe("ingestion's statements", () => {
  it('are prepared and planned once per PostgreSQL connection, however many reports a group holds', async () => {
    const p = await createProduction(t, 'alpha');
    const company = (await t.db.selectFrom('projects').where('id', '=', p.projectId).select('company_id').executeTakeFirstOrThrow()).company_id;
    const jig = { id: p.jig.id, company_id: company };
    await t.db.connection().execute(async (db) => {
      // Groups of 1 to 8 reports, new boards and retests: the text must not vary with them.
      for (let group = 1; group <= 8; group++) {
        const items = Array.from({ length: group }, (_, i) => ({
          jig,
          input: reportBody({ project_id: p.projectId, production_batch_id: p.batchId, serial: `PLAN-${i}`, result: i % 2 ? 'fail' : 'pass' }),
        }));
        const outcomes = await ingestReports(db, items);
        expect(outcomes.every((o) => o.ok)).toBe(true);
      }
      expect(Number((await db.selectFrom('production_batches').where('id', '=', p.batchId).select('report_count').executeTakeFirstOrThrow()).report_count)).toBe(36);
      if (dialectOf(db) !== 'postgres') return;
      const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db);
      const ours = (part: string) => rows.filter((r) => r.statement.includes(part));
      // The writes: one text per set of parts with rows, not per number of reports (the first
      // group, one pass on a new board, moves no board made then and fails no step; the others
      // retest boards and fail steps). The lookups, which also make the new boards: one text.
      for (const [part, texts] of [['insert into device_reports', 2], ['insert into devices (', 1], ['pg_advisory_xact_lock_shared', 1]] as const) {
        expect(ours(part), part).toHaveLength(texts);
        for (const statement of ours(part)) {
          // PostgreSQL plans the first five runs for their values, then keeps one generic plan
          // if it costs no more; a text or estimate that varied with the reports would not.
          expect(Number(statement.custom_plans), part).toBeLessThanOrEqual(5);
          if (Number(statement.custom_plans) + Number(statement.generic_plans) > 5) expect(Number(statement.generic_plans), part).toBeGreaterThan(0);
        }
        expect(Math.max(...ours(part).map((s) => Number(s.generic_plans))), part).toBeGreaterThan(0);
      }
    });
  });
});

describe('a tally added to by id', () => {
  it('adds each row to its own stored row, and on PostgreSQL finds them on the id index, not by reading the table', async () => {
    const p = await createProduction(t, 'alpha');
    const batch = await t.db.selectFrom('production_batches').where('id', '=', p.batchId).selectAll().executeTakeFirstOrThrow();
    // Enough batches that reading the table would cost more than looking a few ids up.
    const { id: _id, ...copy } = batch;
    const more = Array.from({ length: 1500 }, (_, i) => ({ ...copy, name: `Tally lot ${i}` }));
    for (let i = 0; i < more.length; i += 500) await t.db.insertInto('production_batches').values(more.slice(i, i + 500)).execute();
    const [second] = await t.db.selectFrom('production_batches').where('project_id', '=', p.projectId).where('id', '!=', p.batchId).select('id').orderBy('id').limit(1).execute();
    const zero = Object.fromEntries(BATCH_COUNTERS.map((c) => [c, 0])) as BatchCounts;
    await writeNow.tally(t.db, BATCH_TALLY, [
      { id: p.batchId, ...zero, report_count: 3, passed_count: 1 },
      { id: second.id, ...zero, report_count: 5 },
      { id: p.batchId, ...zero, report_count: 1 }, // the same batch again: summed into its row
    ]);
    const counts = await t.db.selectFrom('production_batches').where('id', 'in', [p.batchId, second.id]).select(['id', 'report_count', 'passed_count']).orderBy('id').execute();
    expect(counts.map((c) => [Number(c.report_count) - (c.id === p.batchId ? Number(batch.report_count) : 0), Number(c.passed_count)])).toEqual([
      [4, Number(batch.passed_count) + 1],
      [5, 0],
    ]);
    if (dialectOf(t.db) !== 'postgres') return;
    await sql`analyze production_batches`.execute(t.db);
    const statement = tallyFromJson(t.db, BATCH_TALLY, sql.val(JSON.stringify([{ id: p.batchId, ...zero }]))).compile(t.db);
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]));
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('production_batches_pkey');
    expect(plan).not.toContain('Seq Scan on production_batches');
  });
});

describe('a pipelined transaction (server/db/pipelined.ts)', () => {
  it('sends its COMMIT with its last statement: all kept when that succeeds, nothing when it fails', async () => {
    const pipelined = openPipelinedTransactions(t.db, 2);
    if (dialectOf(t.db) !== 'postgres') {
      expect(pipelined).toBeUndefined(); // SQLite's transactions run in the process: nothing to pipeline
      return;
    }
    onTestFinished(() => pipelined!.destroy());
    await sql`create table pipelined_probe (n integer primary key)`.execute(t.db);
    onTestFinished(async () => void (await sql`drop table pipelined_probe`.execute(t.db)));
    const probe = async () => (await sql<{ n: number }>`select n from pipelined_probe order by n`.execute(t.db)).rows.map((r) => r.n);

    let sent = false;
    const rows = await pipelined!.run(async (trx, finish) => {
      await sql`insert into pipelined_probe values (1)`.execute(trx);
      return finish(CompiledQuery.raw('insert into pipelined_probe values (2) returning n', []), () => (sent = true));
    });
    expect(rows).toEqual([{ n: 2 }]);
    expect(sent).toBe(true);

    // The last statement fails (1 is taken): the COMMIT sent with it ends the transaction as a
    // ROLLBACK, so the insert before it goes too, and the statement's error is thrown.
    const failing = pipelined!.run(async (trx, finish) => {
      await sql`insert into pipelined_probe values (3)`.execute(trx);
      return finish(CompiledQuery.raw('insert into pipelined_probe values (1)', []));
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    // A body that throws before its last statement is rolled back; one that never finishes is committed.
    await expect(
      pipelined!.run(async (trx) => {
        await sql`insert into pipelined_probe values (4)`.execute(trx);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await pipelined!.run(async (trx) => void (await sql`insert into pipelined_probe values (5)`.execute(trx)));
    expect(await probe()).toEqual([1, 2, 5]);
  });

  it("tallies a committed transaction's time by part, for the bench: its statements, the work between, its last statement", async () => {
    const pipelined = openPipelinedTransactions(t.db, 1);
    if (!pipelined) return; // SQLite: no pipelined transactions to time (the test above checks there are none)
    onTestFinished(() => pipelined.destroy());
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const before = { ...pipelinedTimings };
    await pipelined.run(async (trx, finish) => {
      await sql`select pg_sleep(0.03)`.execute(trx);
      await pause(40); // this process's own work between the answers and the writes
      return finish(CompiledQuery.raw('select pg_sleep(0.05)', []));
    });
    const spent = (key: keyof typeof pipelinedTimings) => pipelinedTimings[key] - before[key];
    expect(spent('finished')).toBe(1);
    expect(spent('statementsMs')).toBeGreaterThanOrEqual(29);
    expect(spent('statementsMs')).toBeLessThan(40 + 29); // the pause is not the database's
    expect(spent('betweenMs')).toBeGreaterThanOrEqual(39);
    expect(spent('finishMs')).toBeGreaterThanOrEqual(49);

    // Rolled back, or never finished: not a group the bench's means are of.
    const counted = { ...pipelinedTimings };
    await expect(pipelined.run(async (_, finish) => finish(CompiledQuery.raw('select 1 / 0', [])))).rejects.toMatchObject({ code: '22012' });
    await pipelined.run(async (trx) => void (await sql`select 1`.execute(trx)));
    expect(pipelinedTimings).toEqual(counted);
  });
});

describe('a JSON recordset', () => {
  it('gives every value back as it went in, in order, with its SQL type, on both databases', async () => {
    const columns = { n: 'integer', s: 'text', e: 'text' } as const;
    const rows = [
      { n: 2_147_483_647, s: 'é "quoted" \\ back\nslash \u0001 😀', e: '' },
      { n: -2_147_483_648, s: '[1, 2] is text, not an array', e: null },
      { n: null, s: null, e: 'last' },
    ];
    const read = preparedOnce<{ n: number | null; s: string | null; e: string | null }, 'rows'>(
      (slot, db) => sql`select v.n, v.s, v.e from ${jsonRecordset(db, columns, slot('rows'))}`,
    );
    expect(await read(t.db, { rows: recordsJson(columns, rows) })).toEqual(rows);
    expect(await read(t.db, { rows: recordsJson(columns, []) })).toEqual([]);
  });
});
