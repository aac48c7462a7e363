import { sql, type Kysely } from 'kysely';
import type { ReportStep } from '../../../contract/devices';
import type { JigReportInput } from '../../../contract/jig';
import type { LiveReportEvent } from '../../../contract/live';
import type { OutOfPolicy } from '../../../contract/station';
import { uniqueViolationTarget } from '../../db/dialect';
import type { FinishWith, PipelinedTransactions } from '../../db/pipelined';
import { jsonRecordset, preparedOnce, recordsJson } from '../../db/prepared';
import { withStatementJournalsInMemory } from '../../db/statement-journals';
import type { DB } from '../../db/schema';
import { invalidField } from '../../http/errors';
import type { AnnouncedReport, LiveAnnouncer } from '../../live/feed';
import type { CurrentFixture } from '../../store/fixtures';
import { currentFixtures } from '../fixtures';
import { checkReports } from './check-reports';
import { CONTACT_CYCLES_TALLY, contactCycleRows } from './contact-cycles';
import { addReportsStatistics, applyDeviceChanges, reportCohort, type DeviceChange, type StoredReport } from './counters';
import { DEVICE_STATE, MOVED, MOVED_COLUMNS, MOVED_OF_V, UNTESTED, afterReportOn, boardMakers, deviceKey, lockDevices, lookUp, movedAlike, pickMoved, type DeviceState, type MovedState } from './report-lookups';
import { holdAnswer, holdOf, lookUpHold, type RunHold } from './report-hold';
import { claimScans, lookUpPolicy, outOfPolicyAnswer, outOfPolicyOf } from './report-policy';
import { ReportWrites, type ReportRow, type ScanClaim } from './report-writes';

export type ReportingJig = { id: number; company_id: number };
export type IngestItem = { jig: ReportingJig; input: JigReportInput };
export type IngestResult = {
  report_id: number;
  device_id: number;
  duplicate: boolean;
  /** Stored although the board should not have been tested (contract OUT_OF_POLICY), with words for the jig. */
  out_of_policy: OutOfPolicy | null;
  out_of_policy_words: string | null;
} & Partial<RunHold>;
/** One report's answer: what was stored, or the refusal (an HttpError) to answer it with. */
export type IngestOutcome = { ok: true; result: IngestResult } | { ok: false; error: unknown };

/**
 * The order of overlapping transactions (report-queue.ts): `take` waits, before a transaction's
 * writes, for the group before it to pass the turn; `pass` passes it on, once a transaction of
 * this group has sent its writes (its commit follows at once) or rolled back.
 */
export type WriteTurn = { take: () => Promise<void>; pass: () => void };

/**
 * How a group is stored: `live` hears of its boards; the report queue's groups take their
 * `turn`, and on PostgreSQL run as `pipelined` transactions (pipelined.ts), their COMMIT sent
 * with their writes.
 */
export type IngestWith = { live?: LiveAnnouncer; turn?: WriteTurn; pipelined?: PipelinedTransactions };

/** Thrown inside the transaction when a uuid turned out to be stored meanwhile: rolls the round back. */
export class StoredMeanwhile extends Error {}

/** A report that passed the checks (check-reports.ts), to be stored. */
export type CheckedReport = {
  /** Its place in the caller's list, which its answer goes back to. */
  index: number;
  jig: ReportingJig;
  input: JigReportInput;
  project: { id: number; company_id: number };
  /** The board's serial key (serialKey). */
  key: string;
  started_at: string;
  finished_at: string;
  steps: ReportStep[];
};

/**
 * Checks and stores reports in one transaction, in their order, as if one after the other: each
 * sees the board as the one before it left it. The checks read what the lookups found (lookUp),
 * which also locks the boards (PostgreSQL) by id, so concurrent writers take turns per board;
 * counters and statistics are summed in memory and written once per row, in key order
 * (counters.ts). A uuid that another writer stored since the lookups rolls everything back
 * (StoredMeanwhile): the caller redoes the round. Each report gets its answer in `outcomes`;
 * `events` are for the live feed, after the commit.
 */
export async function storeReports(
  db: Kysely<DB>,
  items: IngestItem[],
  { live, turn, pipelined }: IngestWith = {},
): Promise<{ outcomes: IngestOutcome[]; events: LiveReportEvent[] }> {
  // The jigs' fixtures, read (and a new one made) before the transaction: one lookup per group.
  const fixtures = await currentFixtures(db, [...new Set(items.map((item) => item.jig.id))], new Date().toISOString());
  // A group's writes are bounded (report-queue.ts): on SQLite their statement journals stay in memory.
  const store = (trx: Kysely<DB>, finish?: FinishWith) =>
    withStatementJournalsInMemory(trx, async () => {
      const now = new Date().toISOString();
      const { stored, projects, devices, made } = await lookUp(trx, items, now);
      const { outcomes, checked } = checkReports(items, stored, projects);
      const { answers, events } = await storeChecked(trx, now, checked, { devices, made, fixtures }, live, turn, finish);
      for (const [index, answer] of answers) outcomes[index] = answer;
      // The commit is next: the next group's writes may go now, and wait in the database for
      // this commit's row locks, rather than for its answer to come back here first.
      turn?.pass();
      return { outcomes: outcomes as IngestOutcome[], events };
    });
  try {
    return await (pipelined ? pipelined.run(store) : db.transaction().execute((trx) => store(trx)));
  } catch (error) {
    // PostgreSQL: another writer stored one of these uuids since the lookups (report-writes.ts).
    if (uniqueViolationTarget(error) === 'device_reports_uuid_key') throw new StoredMeanwhile();
    throw error;
  } finally {
    // Rolled back too: a redo of this round is a new transaction, which must not hold up the
    // group after it (that group may hold locks the redo needs).
    turn?.pass();
  }
}

/** Stores the reports that passed the checks, on the boards `devices` holds and new ones (`made` by the lookups, or made here). */
async function storeChecked(
  trx: Kysely<DB>,
  now: string,
  reports: CheckedReport[],
  { devices, made, fixtures }: { devices: Map<string, DeviceState>; made?: DeviceState[]; fixtures: Map<number, CurrentFixture> },
  live?: LiveAnnouncer,
  turn?: WriteTurn,
  finish?: FinishWith,
): Promise<{ answers: [number, IngestOutcome][]; events: LiveReportEvent[] }> {
  const answers: [number, IngestOutcome][] = [];
  if (reports.length === 0 && !made?.length) return { answers, events: [] };

  // Boards seen for the first time are made in the batch their first report names.
  const { refused, created } = await createDevices(trx, reports, devices, now, made);
  for (const index of refused) {
    answers.push([index, { ok: false, error: invalidField('production_batch_id', 'A new device needs a production batch of this project.') }]);
  }
  const accepted = reports.filter((r) => !refused.has(r.index));
  if (accepted.length === 0) return { answers, events: [] };

  // The station's part: the scans these runs claim and the attempt limits (report-policy.ts).
  const policy = await lookUpPolicy(trx, accepted, now);
  // Golden units and the hold policy (report-hold.ts): runs that count nowhere.
  const hold = await lookUpHold(trx, accepted, now);
  const holds = new Map<CheckedReport, RunHold>();
  const scans = claimScans(accepted, policy);
  const claims: ScanClaim[] = [];
  const outOfPolicy = new Map<CheckedReport, OutOfPolicy | null>();

  const before = new Map<string, DeviceState | null>();
  const rows: ReportRow[] = [];
  const statistics: StoredReport[] = [];
  const announced: AnnouncedReport[] = [];
  for (const r of accepted) {
    const key = deviceKey(r.project.id, r.key);
    const device = devices.get(key)!;
    // The board as the runs before this one left it: runs of one group count in order.
    const marked = outOfPolicyOf(device, policy.limits.get(r.project.id));
    outOfPolicy.set(r, marked);
    const scan = scans.get(r);
    if (scan) claims.push({ scan: scan.id, uuid: r.input.uuid });
    if (!before.has(key)) before.set(key, created.has(key) ? null : device);
    const failing = r.steps.filter((s) => !s.pass).map((s) => s.name);
    const runHold = holdOf(hold, r, failing);
    holds.set(r, runHold);
    // A held or golden run leaves the board as it was: stored, counted nowhere.
    const counts = runHold.held === null && runHold.golden === null;
    const after = counts ? afterReportOn(device, r.input, r.finished_at) : device;
    const test_profile = r.input.test_profile ?? null;
    const test_profile_version = r.input.test_profile_version ?? null;
    rows.push({
      uuid: r.input.uuid,
      device_id: device.id,
      project_id: r.project.id,
      company_id: r.project.company_id,
      production_batch_id: device.production_batch_id,
      enclosure_id: r.jig.id,
      test_profile,
      test_profile_version,
      result: r.input.result,
      started_at: r.started_at,
      finished_at: r.finished_at,
      step_count: r.steps.length,
      failed_step_count: failing.length,
      steps: JSON.stringify(r.steps),
      created_at: now,
      operator_id: scan?.operator ?? null,
      out_of_policy: marked,
      fixture_id: fixtures.get(r.jig.id)?.id ?? null,
      held: runHold.held,
      golden: runHold.golden,
    });
    if (counts) statistics.push({
      company_id: r.project.company_id,
      project_id: r.project.id,
      device_id: device.id,
      production_batch_id: device.production_batch_id,
      enclosure_id: r.jig.id,
      test_profile,
      test_profile_version,
      result: r.input.result,
      finished_at: r.finished_at,
      first: device.report_count === 0,
      cohort: reportCohort(device, after),
      failing_steps: failing,
      steps: r.steps,
    });
    devices.set(key, after);
    announced.push({
      uuid: r.input.uuid,
      company_id: r.project.company_id,
      project_id: r.project.id,
      production_batch_id: device.production_batch_id,
      device_id: device.id,
      enclosure_id: r.jig.id,
    });
  }


  const companyOf = new Map(accepted.map((r) => [r.project.id, r.project.company_id]));
  const changes = new Map<number, DeviceChange[]>();
  const touched: DeviceState[] = [];
  for (const [key, was] of before) {
    const device = devices.get(key)!;
    // A board made as its reports leave it needs no update (madeStates).
    const made = created.get(key);
    if (!made || !movedAlike(made, device)) touched.push(device);
    const company = companyOf.get(device.project_id)!;
    changes.set(company, [...(changes.get(company) ?? []), { before: was, after: device }]);
  }
  // Nothing below reads what these write (the statistics read stored first reports only for
  // boards whose first report is not among these): they go at once (report-writes.ts).
  const jigs = [...new Set(accepted.map((r) => r.jig.id))].sort((a, b) => a - b);
  const writes = new ReportWrites(trx, now, rows, touched, jigs, claims);
  for (const [company, list] of changes) await applyDeviceChanges(trx, company, list, writes);
  await addReportsStatistics(trx, statistics, writes);
  await writes.tally(trx, CONTACT_CYCLES_TALLY, contactCycleRows(accepted.map((r) => r.jig.id), fixtures));
  await live?.inTransaction(trx, announced, writes);
  // The counter rows are everyone's: the group before this one writes them first.
  await turn?.take();
  // Pipelined, the COMMIT goes with the writes: the turn passes once both are on their way.
  const stored = await writes.flush(finish && ((statement) => finish(statement, () => turn?.pass())));
  // Fewer rows than reports (SQLite): another writer stored one of these uuids since the lookups.
  if (stored.length < rows.length) throw new StoredMeanwhile();
  const reportIds = new Map(stored.map((row) => [row.uuid, row.id]));

  for (const r of accepted) {
    const device = devices.get(deviceKey(r.project.id, r.key))!;
    const result = { report_id: reportIds.get(r.input.uuid)!, device_id: device.id, duplicate: false, ...outOfPolicyAnswer(outOfPolicy.get(r)!, r.input.serial), ...holdAnswer(holds.get(r)!) };
    answers.push([r.index, { ok: true, result }]);
  }
  const events: LiveReportEvent[] = announced.map(({ uuid, ...event }) => ({ ...event, report_id: reportIds.get(uuid)! }));
  return { answers, events };
}

/** A board to make, and its place among them. */
const NEW_DEVICE = { project_id: 'integer', production_batch_id: 'integer', serial: 'text', serial_key: 'text', position: 'integer', ...MOVED } as const;

/**
 * The boards made in their batch, in their order, by one statement whatever the boards
 * (prepared.ts): a board whose batch is not of its project is not made (the join), nor one
 * made meanwhile by another writer (the conflict).
 */
const insertDevices = preparedOnce<DeviceState, 'devices' | 'now'>((slot, db: Kysely<DB>) =>
  db
    .insertInto('devices')
    .columns(['project_id', 'production_batch_id', 'serial', 'serial_key', ...MOVED_COLUMNS, 'created_at', 'updated_at'])
    .expression(
      // `where true`: SQLite's parser needs it before ON CONFLICT.
      sql`select v.project_id, v.production_batch_id, v.serial, v.serial_key, ${sql.raw(MOVED_OF_V)}, ${slot('now')}, ${slot('now')}
        from ${jsonRecordset(db, NEW_DEVICE, slot('devices'))}
        inner join production_batches on production_batches.id = v.production_batch_id and production_batches.project_id = v.project_id
        where true order by v.position`,
    )
    .onConflict((oc) => oc.columns(['project_id', 'serial_key']).doNothing())
    .returning([...DEVICE_STATE]),
);

/**
 * Makes the devices of reports whose board is not in `devices` yet, in the batch the board's
 * first report names, and adds them to `devices`. A report that would make a board without a
 * batch of its project is refused, as it would be alone; a later report of the same board is
 * not, since the board exists by then. The batch is checked by the insert itself (a join), which
 * keeps the first report per board whose batch is of the board's project. Two writers' first
 * reports of one board may race: the unique (project, serial_key) lets one insert win and the
 * other find its row. On PostgreSQL the lookups' statement has made them already (`made`,
 * report-lookups.ts, newBoards), by the same rule.
 */
async function createDevices(trx: Kysely<DB>, reports: CheckedReport[], devices: Map<string, DeviceState>, now: string, made?: DeviceState[]) {
  const refused = new Set<number>();
  /** The boards made now, by key, with their state as made. */
  const created = new Map<string, MovedState>();
  const unknown = reports.filter((r) => !devices.has(deviceKey(r.project.id, r.key)));
  if (unknown.length === 0 && !made?.length) return { refused, created };
  const boardOf = (r: CheckedReport) => deviceKey(r.project.id, r.key);
  const candidates = boardMakers(reports, boardOf, (r) => r.input, (r) => !devices.has(boardOf(r)) && r.input.production_batch_id !== undefined);
  // The lookups and these checks disagreeing would leave a board no report is stored on.
  const wanted = new Set(candidates.map(({ report }) => boardOf(report)));
  if (made?.some((row) => !wanted.has(deviceKey(row.project_id, row.serial_key)))) throw new Error('The lookups made a board no checked report makes');
  const rows = candidates.map(({ report: r, state }, position) => ({ project_id: r.project.id, production_batch_id: r.input.production_batch_id!, serial: r.input.serial, serial_key: r.key, position, ...state }));
  const inserted = made ?? (rows.length ? await insertDevices(trx, { now, devices: recordsJson(NEW_DEVICE, rows) }) : []);
  for (const row of inserted) {
    const key = deviceKey(row.project_id, row.serial_key);
    created.set(key, pickMoved(row));
    // Its reports are applied to it as to any board: from untested.
    devices.set(key, { ...row, ...UNTESTED });
  }
  // Boards neither found nor made now: another writer made them meanwhile (their row, as that
  // writer left it), or no report of theirs named a batch of their project.
  const missing = unknown.filter((r) => !devices.has(deviceKey(r.project.id, r.key))).map((r) => ({ company: r.project.company_id, project: r.project.id, key: r.key }));
  for (const [key, device] of await lockDevices(trx, missing)) devices.set(key, device);
  // A board made now: the reports before the one whose batch made it named none of its project.
  const maker = new Set<string>();
  for (const r of unknown) {
    const key = deviceKey(r.project.id, r.key);
    const device = devices.get(key);
    if (!device) refused.add(r.index);
    else if (created.has(key) && !maker.has(key)) {
      if (r.input.production_batch_id === device.production_batch_id) maker.add(key);
      else refused.add(r.index);
    }
  }
  return { refused, created };
}
