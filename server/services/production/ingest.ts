import { sql, type Kysely } from 'kysely';
import type { ReportStep } from '../../../contract/devices';
import type { JigReportInput } from '../../../contract/jig';
import { isForeignKeyViolation } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { invalidField } from '../../http/errors';
import type { LiveAnnouncer } from '../../live/feed';
import { serialKey } from '../../store/devices';
import { StoredMeanwhile, storeReports, type CheckedReport, type IngestOutcome, type IngestResult, type ReportingJig } from './store-reports';

export type { IngestOutcome, IngestResult, ReportingJig };
export type IngestItem = { jig: ReportingJig; input: JigReportInput };

/** How often a round is redone when another writer changed what it checked meanwhile. */
const ROUND_ATTEMPTS = 3;

/**
 * Stores one jig report and everything it moves (see `ingestReports`). Exported for seeding
 * and tests, which feed reports without going through HTTP or the report queue.
 */
export async function ingestReport(
  db: Kysely<DB>,
  jig: ReportingJig,
  input: JigReportInput,
  live?: LiveAnnouncer,
): Promise<IngestResult> {
  const [outcome] = await ingestReports(db, [{ jig, input }], live);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/**
 * Stores jig reports, in the order given, in one transaction: the devices (created on first
 * sight), their batches' and projects' counters, and the daily statistics, each row written
 * once for all the reports (issue 14: a report cost about twenty statements alone). Idempotent
 * on `uuid`: a uuid stored before, or earlier in this call, answers as a duplicate. Each report
 * gets its own answer; a refused one stores nothing and leaves the others alone. The answers
 * come only after the commit, so an acknowledged report is stored. With `live`, the open
 * screens that show the boards hear of them (a retry announces nothing).
 */
export async function ingestReports(db: Kysely<DB>, items: IngestItem[], live?: LiveAnnouncer): Promise<IngestOutcome[]> {
  const outcomes: IngestOutcome[] = new Array(items.length);
  // A uuid twice in one call: the later copies wait for the first's round, then read as its duplicate.
  let pending = items.map((_, i) => i);
  while (pending.length) {
    const uuids = new Set<string>();
    const round: number[] = [];
    const later: number[] = [];
    for (const i of pending) {
      const uuid = items[i].input.uuid;
      (uuids.has(uuid) ? later : round).push(i);
      uuids.add(uuid);
    }
    const answers = await ingestRound(db, round.map((i) => items[i]), live);
    round.forEach((i, k) => (outcomes[i] = answers[k]));
    pending = later;
  }
  return outcomes;
}

/** One round of distinct uuids; redone when another writer stored one of them meanwhile. */
async function ingestRound(db: Kysely<DB>, items: IngestItem[], live?: LiveAnnouncer): Promise<IngestOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkAndStore(db, items, live);
    } catch (error) {
      // Another writer stored one of these uuids, or deleted a batch a new board named, since
      // the checks: check again (the batch then refuses its reports, as it would have alone).
      if ((error instanceof StoredMeanwhile || isForeignKeyViolation(error)) && attempt < ROUND_ATTEMPTS) continue;
      // Something no check foresaw: each report alone, so one report's trouble is its own.
      if (items.length > 1) return Promise.all(items.map(async (item) => (await ingestRound(db, [item], live))[0]));
      return [{ ok: false, error }];
    }
  }
}

/** The checks that need no transaction (stored before, the project, the times), then the store. */
async function checkAndStore(db: Kysely<DB>, items: IngestItem[], live?: LiveAnnouncer): Promise<IngestOutcome[]> {
  const outcomes: (IngestOutcome | undefined)[] = new Array(items.length);
  const { stored, projects } = await storedAndProjects(db, items);
  const checked: CheckedReport[] = [];
  items.forEach(({ jig, input }, index) => {
    const before = stored.get(input.uuid);
    if (before) {
      // A uuid another company's jig used is refused rather than answered: its ids do not leak.
      outcomes[index] =
        before.company_id === jig.company_id
          ? { ok: true, result: { report_id: before.id, device_id: before.device_id, duplicate: true } }
          : { ok: false, error: invalidField('uuid', 'This uuid belongs to another report.') };
      return;
    }
    const project = projects.get(input.project_id);
    // Another company's project reads as unknown, as it would to that company's users.
    if (!project || project.company_id !== jig.company_id) {
      outcomes[index] = { ok: false, error: invalidField('project_id', "There is no such project in this jig's company.") };
      return;
    }
    const started_at = new Date(input.started_at).toISOString();
    const finished_at = new Date(input.finished_at).toISOString();
    if (finished_at < started_at) {
      outcomes[index] = { ok: false, error: invalidField('finished_at', 'finished_at is before started_at.') };
      return;
    }
    const steps: ReportStep[] = input.steps.map((s) => ({
      name: s.name,
      value: s.value ?? null,
      unit: s.unit ?? null,
      low: s.low ?? null,
      high: s.high ?? null,
      pass: s.pass,
    }));
    checked.push({ index, jig, input, project, key: serialKey(input.serial), started_at, finished_at, steps });
  });
  if (checked.length) {
    const { answers, events } = await storeReports(db, checked, live);
    for (const [index, answer] of answers) outcomes[index] = answer;
    for (const event of events) live?.afterCommit(event);
  }
  return outcomes as IngestOutcome[];
}

/**
 * The reports already stored under the items' uuids, by uuid, and the projects they name, by id:
 * one query for both (on PostgreSQL each round trip costs the server more than these lookups).
 */
async function storedAndProjects(db: Kysely<DB>, items: IngestItem[]) {
  const uuids = items.map((item) => item.input.uuid);
  const projectIds = [...new Set(items.map((item) => item.input.project_id))];
  const rows = await db
    .selectFrom('device_reports')
    .where('uuid', 'in', uuids)
    .select([sql<string>`'report'`.as('kind'), 'id', 'uuid', 'device_id', 'company_id'])
    .unionAll(
      db
        .selectFrom('projects')
        .where('id', 'in', projectIds)
        .select([sql<string>`'project'`.as('kind'), 'id', sql<string>`null`.as('uuid'), sql<number>`null`.as('device_id'), 'company_id']),
    )
    .execute();
  const stored = new Map(rows.filter((r) => r.kind === 'report').map((r) => [r.uuid, r]));
  const projects = new Map(rows.filter((r) => r.kind === 'project').map((r) => [r.id, { id: r.id, company_id: r.company_id }]));
  return { stored, projects };
}
