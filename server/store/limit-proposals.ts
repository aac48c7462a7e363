import { sql, type Generated, type Kysely } from 'kysely';
import type { LimitChange, LimitProposal, WhatIfSummary } from '../../contract/limit-what-if';
import type { DB } from '../db/schema';
import { countedReport } from './counted-reports';
import type {} from './readiness';

export interface LimitProposalsTable {
  id: Generated<number>;
  project_id: number;
  from_profile_id: number | null;
  draft_profile_id: number | null;
  reason: string;
  /** JSON of LimitChange[]. */
  changes: string;
  /** JSON of WhatIfSummary. */
  summary: string;
  created_by: number | null;
  created_at: string;
}

declare module '../db/schema' {
  interface DB {
    limit_proposals: LimitProposalsTable;
  }
}

/** The profile versions a replay reads: this one, or every version of its name in the project. */
export async function profileIdsOfName(db: Kysely<DB>, projectId: number, name: string): Promise<number[]> {
  const rows = await db.selectFrom('test_profiles').select('id').where('project_id', '=', projectId).where('name', '=', name).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function batchOfProject(db: Kysely<DB>, projectId: number, batchId: number): Promise<boolean> {
  return !!(await db.selectFrom('production_batches').select('id').where('id', '=', batchId).where('project_id', '=', projectId).executeTakeFirst());
}

export type ReplayScope = {
  projectId: number;
  profileIds: number[];
  /** Days, YYYY-MM-DD UTC, inclusive. */
  from: string;
  to: string;
  batchId?: number;
  jigId?: number;
};

export type ReplayRun = { id: number; device_id: number; result: string; finished_at: string; steps: string; first_run: boolean };

/** Where a page ended: the next page starts below it, in (finished_at, id) order. */
export type ReplayCursor = { finished_at: string; id: number };

/**
 * One keyset page of the scope's counted runs, newest finished first (the profile's index on
 * test_profile_id, finished_at serves the order), below `before`. Each says whether it is its
 * board's first counted run (lowest id: what the first-pass counters count).
 */
export async function replayPage(db: Kysely<DB>, scope: ReplayScope, before: ReplayCursor | null, size: number): Promise<ReplayRun[]> {
  let q = db
    .selectFrom('device_reports as r')
    .where('r.project_id', '=', scope.projectId)
    .where('r.test_profile_id', 'in', scope.profileIds.length ? scope.profileIds : [0])
    .where(countedReport('r'))
    .where('r.finished_at', '>=', scope.from)
    .where('r.finished_at', '<', `${scope.to}T99`);
  if (scope.batchId !== undefined) q = q.where('r.production_batch_id', '=', scope.batchId);
  if (scope.jigId !== undefined) q = q.where('r.enclosure_id', '=', scope.jigId);
  if (before !== null) {
    q = q.where((eb) => eb.or([eb('r.finished_at', '<', before.finished_at), eb.and([eb('r.finished_at', '=', before.finished_at), eb('r.id', '<', before.id)])]));
  }
  const rows = await q
    .select([
      'r.id',
      'r.device_id',
      'r.result',
      'r.finished_at',
      'r.steps',
      sql<number>`case when r.id = (select min(e.id) from device_reports e where e.device_id = r.device_id and ${countedReport('e')}) then 1 else 0 end`.as('first_run'),
    ])
    .orderBy('r.finished_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(size)
    .execute();
  return rows.map((r) => ({ ...r, first_run: Number(r.first_run) === 1 }));
}

export async function serialsOf(db: Kysely<DB>, deviceIds: number[]): Promise<Map<number, string>> {
  if (!deviceIds.length) return new Map();
  const rows = await db.selectFrom('devices').select(['id', 'serial']).where('id', 'in', deviceIds).execute();
  return new Map(rows.map((r) => [r.id, r.serial]));
}

/** Sets the draft's limits of the named steps (every step of that name, as a profile's steps are named once). */
export async function applyLimits(trx: Kysely<DB>, profileId: number, changes: LimitChange[], now: string): Promise<void> {
  for (const c of changes) {
    await trx
      .updateTable('test_configurations')
      .set({ low: c.new.low, high: c.new.high, updated_at: now })
      .where('test_profile_id', '=', profileId)
      .where('name', '=', c.step)
      .execute();
  }
}

export async function insertProposal(
  trx: Kysely<DB>,
  values: { project_id: number; from_profile_id: number; draft_profile_id: number; reason: string; changes: LimitChange[]; summary: WhatIfSummary; created_by: number | null },
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('limit_proposals')
    .values({ ...values, changes: JSON.stringify(values.changes), summary: JSON.stringify(values.summary), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function selectProposals(db: Kysely<DB>) {
  return db
    .selectFrom('limit_proposals as p')
    .leftJoin('test_profiles as f', 'f.id', 'p.from_profile_id')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.project_id',
      'p.from_profile_id',
      'f.name as from_name',
      'f.version as from_version',
      'p.draft_profile_id',
      'p.reason',
      'p.changes',
      'p.summary',
      'p.created_by',
      'u.username as created_by_username',
      'p.created_at',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectProposals>['executeTakeFirstOrThrow']>>;

const toProposal = (r: Row): LimitProposal => ({
  id: r.id,
  project_id: r.project_id,
  from_profile: r.from_profile_id !== null && r.from_name !== null && r.from_version !== null ? { id: r.from_profile_id, name: r.from_name, version: r.from_version } : null,
  draft_profile_id: r.draft_profile_id,
  reason: r.reason,
  changes: JSON.parse(r.changes) as LimitChange[],
  summary: JSON.parse(r.summary) as WhatIfSummary,
  created_by: r.created_by !== null && r.created_by_username !== null ? { id: r.created_by, username: r.created_by_username } : null,
  created_at: r.created_at,
});

export async function findProposal(db: Kysely<DB>, id: number): Promise<LimitProposal | undefined> {
  const row = await selectProposals(db).where('p.id', '=', id).executeTakeFirst();
  return row && toProposal(row);
}

/** The proposal that made this draft, if one did (the newest, should there ever be two). */
export async function proposalOfDraft(db: Kysely<DB>, draftId: number): Promise<LimitProposal | null> {
  const row = await selectProposals(db).where('p.draft_profile_id', '=', draftId).orderBy('p.id', 'desc').limit(1).executeTakeFirst();
  return row ? toProposal(row) : null;
}
