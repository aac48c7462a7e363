import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { releaseCatchUp } from '../services/production/release-catch-up';
import { renewPickStatistics, updateReleaseDevices } from '../services/production/release-update';
import { createReleaseBatch } from '../store/release-batches';

const DAY = 86_400_000;

/**
 * Acme's shipments of MC-200 boards from lot 2407: one released ten days ago and one draft being
 * put together, so the release screens show both states. Boards are picked and released through
 * the same service as `PATCH /releasebatches/{id}/update`, so counters and statuses are what a
 * person's release leaves. Returns how many release batches it made.
 */
export const DEMO_RELEASES = [
  { name: 'MC-200 shipment 2407-A', boards: 480, released: true, daysAgo: 10 },
  { name: 'MC-200 shipment 2407-B', boards: 240, released: false, daysAgo: 2 },
] as const;

export async function seedDemoReleases(
  db: Kysely<DB>,
  scope: { project: { id: number; company_id: number }; productionBatchId: number; createdBy: number },
  now = Date.now(),
): Promise<number> {
  let made = 0;
  let picked = 0;
  for (const release of DEMO_RELEASES) {
    // The lowest serials of the lot that passed and are in no release batch yet.
    const boards = await db
      .selectFrom('devices')
      .leftJoin('release_batch_picks', 'release_batch_picks.device_id', 'devices.id')
      .where('devices.production_batch_id', '=', scope.productionBatchId)
      .where('devices.status', '=', 'passed')
      .where('release_batch_picks.device_id', 'is', null)
      .orderBy('devices.serial')
      .limit(release.boards)
      .select('devices.id')
      .execute();
    if (boards.length === 0) break;
    const batchId = await createReleaseBatch(db, { project_id: scope.project.id, name: release.name, created_by: scope.createdBy });
    const counts = await updateReleaseDevices(
      db,
      { batchId, project: scope.project, callerId: scope.createdBy },
      { add: boards.map((b) => b.id), ...(release.released && { release: true as const }) },
    );
    picked += counts.added;
    const at = new Date(now - release.daysAgo * DAY).toISOString();
    await db
      .updateTable('release_batches')
      .set(release.released ? { created_at: at, updated_at: at, released_at: at } : { created_at: at, updated_at: at })
      .where('id', '=', batchId)
      .execute();
    made += 1;
  }
  await renewPickStatistics(db, picked);
  // PostgreSQL writes a release's board statuses in the background, as after a person's release.
  releaseCatchUp(db).kick();
  return made;
}
