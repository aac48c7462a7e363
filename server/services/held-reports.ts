import type { Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { HeldReport, HeldReportListQuery } from '../../contract/readiness';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { recompute } from '../seed/recompute';
import { listHeldReports, unholdReports } from '../store/golden-units';
import { addReleasedMeasures } from './production/step-measures';

/**
 * Held reports (the hold policy, report-hold.ts): stored, counted nowhere, until an engineer
 * releases them (they count) or discards them (kept, marked, never counted).
 *
 * A release counts them as if they had arrived in order: the project's figures are derived again
 * from its stored reports in id order (seed/recompute.ts, the same derivation the recount checks
 * against), in the release's transaction. Adding a released run's effect to the maintained
 * counters instead would be wrong whenever a later run of the same board was counted meanwhile
 * (its first pass, its standing, its attempt). The recount scans the project, which an engineer's
 * release can afford; ingestion never does it. On PostgreSQL the project's boards are locked first,
 * in id order as ingestion locks them, so a concurrent run of the project waits rather than
 * counting against figures being rebuilt.
 */

export async function heldReports(db: Kysely<DB>, projectId: number, list: HeldReportListQuery): Promise<Page<HeldReport>> {
  return listHeldReports(db, projectId, list.state ?? 'held', list);
}

export async function releaseHeldReports(db: Kysely<DB>, projectId: number, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await trx.selectFrom('devices').select('id').where('project_id', '=', projectId).orderBy('id').forUpdate().execute();
    // Which of them are held now (the project's boards locked above, or SQLite's one writer: no
    // other release runs meanwhile), read before they count.
    const held = (await trx.selectFrom('device_reports').where('project_id', '=', projectId).where('held', '=', 'held').where('id', 'in', ids).select('id').execute()).map((r) => r.id);
    const changed = await unholdReports(trx, projectId, ids, null);
    if (changed > 0) {
      // The step measures do not depend on the order runs came in: the released runs are added.
      await recompute(trx, { projectIds: [projectId], measures: false });
      await addReleasedMeasures(trx, projectId, held);
    }
    return changed;
  });
}

/** Discarded reports stay stored and marked; they never counted, so no figure moves. */
export async function discardHeldReports(db: Kysely<DB>, projectId: number, ids: number[]): Promise<number> {
  return unholdReports(db, projectId, ids, 'discarded');
}
