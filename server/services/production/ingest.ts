import type { Kysely } from 'kysely';
import type { JigReportInput } from '../../../contract/jig';
import { isForeignKeyViolation } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { LiveAnnouncer } from '../../live/feed';
import { StoredMeanwhile, storeReports, type IngestItem, type IngestOutcome, type IngestResult, type IngestWith, type ReportingJig, type WriteTurn } from './store-reports';

export type { IngestItem, IngestOutcome, IngestResult, IngestWith, ReportingJig, WriteTurn };

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
  const [outcome] = await ingestReports(db, [{ jig, input }], { live });
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/**
 * Stores jig reports, in the order given, in one transaction: the devices (created on first
 * sight), their batches' and projects' counters, and the daily statistics, each row written
 * once for all the reports (a report cost about twenty statements alone). Idempotent
 * on `uuid`: a uuid stored before, or earlier in this call, answers as a duplicate. Each report
 * gets its own answer; a refused one stores nothing and leaves the others alone. The answers
 * come only after the commit, so an acknowledged report is stored. With `live`, the open
 * screens that show the boards hear of them (a retry announces nothing).
 */
export async function ingestReports(db: Kysely<DB>, items: IngestItem[], how: IngestWith = {}): Promise<IngestOutcome[]> {
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
    const answers = await ingestRound(db, round.map((i) => items[i]), how);
    round.forEach((i, k) => (outcomes[i] = answers[k]));
    pending = later;
  }
  return outcomes;
}

/** One round of distinct uuids; redone when another writer stored one of them meanwhile. */
async function ingestRound(db: Kysely<DB>, items: IngestItem[], how: IngestWith): Promise<IngestOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkAndStore(db, items, how);
    } catch (error) {
      // Another writer stored one of these uuids, or deleted a batch a new board named, since
      // the checks: check again (the batch then refuses its reports, as it would have alone).
      if ((error instanceof StoredMeanwhile || isForeignKeyViolation(error)) && attempt < ROUND_ATTEMPTS) continue;
      // Something no check foresaw: each report alone, so one report's trouble is its own.
      if (items.length > 1) return Promise.all(items.map(async (item) => (await ingestRound(db, [item], how))[0]));
      return [{ ok: false, error }];
    }
  }
}

/**
 * Checks and stores one round in one transaction (store-reports.ts): the lookups the checks need
 * (stored before, the projects) ride along with locking the boards, one round trip fewer.
 */
async function checkAndStore(db: Kysely<DB>, items: IngestItem[], how: IngestWith): Promise<IngestOutcome[]> {
  const { outcomes, events } = await storeReports(db, items, how);
  for (const event of events) how.live?.afterCommit(event);
  return outcomes;
}
