/**
 * The big release figures of `npm run bench` (section `release`; `BENCH_ONLY=release` runs it
 * alone): what a person building a shipment of 250,000 boards waits for, on the real app and
 * database, through the calls the release screen makes (SPEC §7):
 *
 * 1. the picker's list: `GET /projects/{id}/devices/unreleased` page 1 with its count (the
 *    "Select all N matching" button reads N from it);
 * 2. select all matching: `PATCH /releasebatches/{id}/update` with `add_matching: {}` (the
 *    save of "Select all N matching", then "Save and review");
 * 3. the review: `GET /releasebatches/{id}` and its boards that stopped qualifying;
 * 4. release: `PATCH /releasebatches/{id}/update` with `release: true`; a second release of the
 *    same batch must be a 409 (never twice);
 * 5. a delete of an empty production batch of the same project (`DELETE /productionbatches/{id}`),
 *    which must not scan the million reports (migration 019).
 *
 * The pool holds exactly BENCH_RELEASE_BOARDS passed boards while it runs: the passed boards
 * beyond them wait in a holding draft, so "select all" picks the issue's 250,000 whatever the
 * bench's device count. Afterwards everything is put back in SQL, set-wise (the released boards
 * are passed and in no batch again, the production batches' counters as they were, both drafts
 * gone; PostgreSQL's devices vacuumed so the other sections' index-only scans stay as fast), so
 * the section can run again on the same boards and the other sections find what they expect.
 *
 *   BENCH_RELEASE_BOARDS=N   boards to release (default 250,000; 25,000 with BENCH_QUICK)
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { dialectOf, toCount } from '../server/db/dialect';
import type { DB } from '../server/db/schema';
import { BATCH_COUNTERS } from '../server/services/production/counters';
import { withoutSequentialScans } from '../server/services/production/release-update';
import { createReleaseBatch } from '../server/store/release-batches';
import { devicesWithPicks, effectiveStatus } from '../server/store/devices';
import { fmt, record } from './bench-results';

/** Selecting all matching and releasing 250,000 boards, each under 5 s. */
const TARGET_SECONDS = 5;
const PREFIX = 'Bench release';
const HOLDING = `${PREFIX} holding`;

type Options = { label: string; base: string; headers: Record<string, string>; db: Kysely<DB>; projectId: number; userId: number; quick: boolean };
type Timed<T> = { seconds: number; status: number; body: T };

export async function releaseSection(options: Options): Promise<void> {
  const { label, db, projectId } = options;
  const wanted = Number(process.env.BENCH_RELEASE_BOARDS ?? (options.quick ? 25_000 : 250_000));
  await putBack(db, projectId); // what an interrupted run left behind
  const before = await batchCounters(db, projectId);
  const lines: string[] = [];
  try {
    const boards = await holdAllBut(db, projectId, options.userId, wanted);
    if (boards < wanted) lines.push(`only ${fmt(boards)} passed boards in the pool, not ${fmt(wanted)}: the figures are for ${fmt(boards)}`);
    const call = <T>(method: string, path: string, body?: unknown) => timed<T>(options, method, path, body);

    const created = await call<{ data: { id: number } }>('POST', `/projects/${projectId}/releasebatches`, { name: `${PREFIX} ${Date.now()}` });
    const batchId = expectOk(created, 'create the draft').data.id;
    const list = await call<{ meta: { total: number } }>('GET', `/projects/${projectId}/devices/unreleased?page=1&limit=25`);
    const pool = expectOk(list, 'the unreleased list').meta.total;
    const picked = await call<{ data: { added: number } }>('PATCH', `/releasebatches/${batchId}/update`, { add_matching: {} });
    const added = expectOk(picked, 'select all matching').data.added;
    const review = await timedAll([
      call('GET', `/releasebatches/${batchId}`),
      call('GET', `/releasebatches/${batchId}/devices?not_qualifying=true&page=1&limit=200&sortby=serial`),
    ]);
    const released = await call<{ data: { released: number } }>('PATCH', `/releasebatches/${batchId}/update`, { release: true });
    const count = expectOk(released, 'release').data.released;
    const again = await call('PATCH', `/releasebatches/${batchId}/update`, { release: true });
    const caughtUp = await boardsCaughtUp(db, batchId);
    const moved = await movedRight(db, projectId, before, batchId);
    const deleted = await deleteEmptyBatch(options);

    const note = `${fmt(count)} boards`;
    record({ section: 'release', database: label, name: 'unreleased list page 1 with its count', value: list.seconds * 1000, unit: 'ms', note: `pool ${fmt(pool)}` });
    record({ section: 'release', database: label, name: `select all matching (${fmt(added)} boards)`, value: picked.seconds, unit: 's', target: { op: '<=', value: TARGET_SECONDS } });
    record({ section: 'release', database: label, name: 'review after the pick (batch, boards not qualifying)', value: review.seconds * 1000, unit: 'ms' });
    record({ section: 'release', database: label, name: `release (${note})`, value: released.seconds, unit: 's', target: { op: '<=', value: TARGET_SECONDS } });
    record({ section: 'release', database: label, name: 'boards\' own status written after the release (background)', value: caughtUp, unit: 's' });
    record({ section: 'release', database: label, name: 'delete an empty production batch', value: deleted.seconds * 1000, unit: 'ms', note: `${fmt(deleted.reports)} reports` });
    record({ section: 'release', database: label, name: 'boards wrong after release (never twice, counters)', value: (again.status === 409 ? 0 : 1) + moved.wrong, unit: 'boards', target: { op: '<=', value: 0 } });
    lines.push(
      `unreleased list       ${ms(list.seconds)} ms (page 1 of 25 with its count: ${fmt(pool)} boards in the pool)`,
      `select all matching   ${added === boards ? '' : 'WRONG: '}${fmt(added)} boards in ${picked.seconds.toFixed(2)} s`,
      `review                ${ms(review.seconds)} ms (the batch and its boards that stopped qualifying)`,
      `release               ${count === boards ? '' : 'WRONG: '}${fmt(count)} boards in ${released.seconds.toFixed(2)} s; released again: HTTP ${again.status}${again.status === 409 ? ' (refused, as it must be)' : ' — WRONG, must be 409'}`,
      `caught up             each board's own status "released" ${caughtUp.toFixed(1)} s after the release answered (in the background)`,
      `counters              ${moved.wrong === 0 ? 'moved exactly the released boards from passed to released' : `WRONG: ${moved.detail}`}`,
      `delete a batch        ${ms(deleted.seconds)} ms to delete an empty production batch of this project (${fmt(deleted.reports)} reports in the database)`,
    );
  } finally {
    const t0 = performance.now();
    await putBack(db, projectId);
    const after = await batchCounters(db, projectId);
    const restored = JSON.stringify(after) === JSON.stringify(before);
    lines.push(`put back              in ${((performance.now() - t0) / 1000).toFixed(1)} s: boards and counters ${restored ? 'as before the section' : 'DIFFER from before the section'}`);
    console.log(`\n${label} release — one batch of ${fmt(wanted)} passed boards through the release screen's calls`);
    for (const line of lines) console.log(line);
  }
}

async function timed<T>(options: Options, method: string, path: string, body?: unknown): Promise<Timed<T>> {
  const t0 = performance.now();
  const res = await fetch(`${options.base}${path}`, {
    method,
    headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { seconds: (performance.now() - t0) / 1000, status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Creates an empty production batch and times its delete (`DELETE /productionbatches/{id}`): a
 * typo'd lot removed on a database of a million reports. Until migration 019 every such delete
 * scanned device_reports for reports naming the batch (about 1 s on both databases).
 */
async function deleteEmptyBatch(options: Options): Promise<{ seconds: number; reports: number }> {
  const { db, projectId } = options;
  const maker = await db.selectFrom('production_batches').where('project_id', '=', projectId).select('manufacturer_id').executeTakeFirstOrThrow();
  const created = await timed<{ data: { id: number } }>(options, 'POST', `/projects/${projectId}/productionbatches`, {
    name: `${PREFIX} typo ${Date.now()}`,
    manufacturer_id: maker.manufacturer_id,
    planned_quantity: 1,
  });
  const deleted = await timed(options, 'DELETE', `/productionbatches/${expectOk(created, 'create a batch').data.id}`);
  if (deleted.status !== 204) throw new Error(`delete a batch: HTTP ${deleted.status} ${JSON.stringify(deleted.body).slice(0, 200)}`);
  const { n } = await db.selectFrom('device_reports').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { seconds: deleted.seconds, reports: Number(n) };
}

/** Requests the screen sends together: the time until the last answers. */
async function timedAll(calls: Promise<Timed<unknown>>[]): Promise<{ seconds: number }> {
  const answers = await Promise.all(calls);
  for (const a of answers) expectOk(a, 'the review');
  return { seconds: Math.max(...answers.map((a) => a.seconds)) };
}

function expectOk<T>(answer: Timed<T>, what: string): T {
  if (answer.status >= 300) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return answer.body;
}

/**
 * Leaves exactly `wanted` passed boards in the project's pool (the lowest ids) by putting the
 * others in a holding draft; returns how many the pool holds.
 */
async function holdAllBut(db: Kysely<DB>, projectId: number, userId: number, wanted: number): Promise<number> {
  const pool = devicesWithPicks(db)
    .where('devices.project_id', '=', projectId)
    .where('devices.status', '=', 'passed')
    .where('picks.device_id', 'is', null);
  const cut = await pool.select('devices.id').orderBy('devices.id').offset(wanted - 1).limit(1).executeTakeFirst();
  if (cut) {
    const holding = await createReleaseBatch(db, { project_id: projectId, name: HOLDING, created_by: userId });
    const held = await db.transaction().execute((trx) =>
      withoutSequentialScans(trx, () =>
        trx
          .insertInto('release_batch_picks')
          .columns(['device_id', 'release_batch_id', 'serial_key', 'production_batch_id'])
          .expression(
            pool
              .where('devices.id', '>', cut.id)
              .select(['devices.id', sql<number>`cast(${holding} as integer)`.as('release_batch_id'), 'devices.serial_key', 'devices.production_batch_id']),
          )
          .executeTakeFirst(),
      ),
    );
    await db.updateTable('release_batches').set({ device_count: Number(held.numInsertedOrUpdatedRows) }).where('id', '=', holding).execute();
  }
  const left = await pool.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return toCount(left.n as string | number);
}

/**
 * Undoes the section: boards of the bench's release batches back to passed and in no batch,
 * the production batches' counters back by the same amounts, the batches deleted. One
 * transaction, so an interrupted put-back leaves nothing half done.
 */
async function putBack(db: Kysely<DB>, projectId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ours = trx.selectFrom('release_batches').where('project_id', '=', projectId).where('name', 'like', `${PREFIX}%`).select('id');
    const ids = (await ours.execute()).map((r) => r.id);
    if (ids.length === 0) return;
    const picked = (eb: ExpressionBuilder<DB, 'devices'>) => eb.selectFrom('release_batch_picks').where('release_batch_id', 'in', ids).select('device_id');
    // Released boards as the counters count them: those of a released batch, whether or not
    // their own status was written yet (release-catch-up.ts).
    const released = await trx
      .selectFrom('devices')
      .where('id', 'in', picked)
      .where(effectiveStatus(), '=', 'released')
      .groupBy('production_batch_id')
      .select((eb) => ['production_batch_id', eb.fn.countAll().as('n')])
      .execute();
    for (const { production_batch_id, n } of released) {
      const count = toCount(n as string | number);
      await trx
        .updateTable('production_batches')
        .set({ passed_count: sql`passed_count + ${count}`, released_count: sql`released_count - ${count}` })
        .where('id', '=', production_batch_id)
        .execute();
    }
    await trx
      .updateTable('devices')
      .set({ status: 'passed' })
      .where('id', 'in', picked)
      .where('status', '=', 'released')
      .execute();
    await trx.deleteFrom('release_batch_picks').where('release_batch_id', 'in', ids).execute();
    await trx.deleteFrom('release_batches').where('id', 'in', ids).execute();
  });
  if (dialectOf(db) === 'postgres') {
    await sql`vacuum analyze devices`.execute(db);
    // The section deleted 250,000 picks and more: without this, the next pick walks their dead rows.
    await sql`vacuum analyze release_batch_picks`.execute(db);
  }
}

/** The project's production batch counters, as numbers, for a before/after comparison. */
async function batchCounters(db: Kysely<DB>, projectId: number) {
  const rows = await db.selectFrom('production_batches').where('project_id', '=', projectId).select(['id', ...BATCH_COUNTERS]).orderBy('id').execute();
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));
}

/**
 * Seconds until the server has written "released" onto every board of the batch itself: the
 * release answers once the batch is released, and the boards follow in the background
 * (services/production/release-catch-up.ts).
 */
async function boardsCaughtUp(db: Kysely<DB>, batchId: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const row = await db.selectFrom('release_batches').where('id', '=', batchId).select('catch_up_from').executeTakeFirstOrThrow();
    if (row.catch_up_from === null) return (performance.now() - t0) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * After the release: each production batch's counters moved by exactly its boards in the
 * release batch, from passed to released, and nothing else moved. Returns the boards off.
 */
async function movedRight(db: Kysely<DB>, projectId: number, before: Record<string, number>[], batchId: number) {
  const after = await batchCounters(db, projectId);
  const inBatch = await db
    .selectFrom('devices')
    .where('id', 'in', (eb) => eb.selectFrom('release_batch_picks').where('release_batch_id', '=', batchId).select('device_id'))
    .groupBy('production_batch_id')
    .select((eb) => ['production_batch_id', eb.fn.countAll().as('n'), eb.fn.sum<string | number>(sql`case when status = 'released' then 0 else 1 end`).as('not_released')])
    .execute();
  const n = new Map(inBatch.map((r) => [r.production_batch_id, toCount(r.n as string | number)]));
  let wrong = inBatch.reduce((sum, r) => sum + toCount(r.not_released), 0);
  const detail: string[] = [];
  for (const [i, b] of before.entries()) {
    const moved = n.get(b.id) ?? 0;
    for (const counter of BATCH_COUNTERS) {
      const expected = b[counter] + (counter === 'passed_count' ? -moved : counter === 'released_count' ? moved : 0);
      if (after[i][counter] !== expected) {
        wrong += Math.abs(after[i][counter] - expected);
        detail.push(`batch ${b.id} ${counter} ${after[i][counter]}, expected ${expected}`);
      }
    }
  }
  return { wrong, detail: detail.join('; ') };
}

const ms = (seconds: number) => (seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1);
