import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import type { Principal } from '../../contract/permissions';
import type { Project } from '../../contract/projects';
import type {
  ReleaseBatch,
  ReleaseBatchCreateInput,
  ReleaseBatchDetail,
  releaseBatchListQuery,
  ReleaseBatchUpdateDevicesInput,
  ReleaseBatchUpdateDevicesResult,
  ReleaseBatchUpdateInput,
} from '../../contract/release-batches';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { deleteRow, countOf, named } from './deletes';
import { releaseCatchUp } from './production/release-catch-up';
import { freeBoards, renewPickStatistics, updateReleaseDevices } from './production/release-update';
import {
  createReleaseBatch,
  deleteReleaseBatch,
  findReleaseBatch,
  findReleaseBatchDetail,
  listProjectReleaseBatches,
  lockReleaseBatch,
  renameReleaseBatch,
  type ReleaseBatchHead,
} from '../store/release-batches';

/**
 * Release batches (shipments of passed boards): everyone who sees the project reads them; its
 * company's admins and engineers build and release them (the routes declare that). Releasing is
 * final: every change to a released batch is a 409.
 */

/** A batch the scope read a moment ago may be gone by now (deleted meanwhile). */
async function reread(db: Kysely<DB>, id: number): Promise<ReleaseBatch> {
  const batch = await findReleaseBatch(db, id);
  if (!batch) throw notFound();
  return batch;
}

export function releaseBatchesOfProject(
  db: Kysely<DB>,
  project: Project,
  list: z.output<typeof releaseBatchListQuery>,
): Promise<Page<ReleaseBatch>> {
  return listProjectReleaseBatches(db, project.id, list);
}

export async function addReleaseBatch(
  db: Kysely<DB>,
  project: Project,
  caller: Principal,
  input: ReleaseBatchCreateInput,
): Promise<ReleaseBatch> {
  const id = await createReleaseBatch(db, { project_id: project.id, name: input.name, created_by: caller.id });
  return reread(db, id);
}

/** The batch with the production batches its boards come from (the review step). */
export async function releaseBatchDetail(db: Kysely<DB>, batch: ReleaseBatchHead): Promise<ReleaseBatchDetail> {
  return findReleaseBatchDetail(db, await reread(db, batch.id));
}

/** Renames a draft (409 once released). */
export async function renameRelease(db: Kysely<DB>, batch: ReleaseBatchHead, input: ReleaseBatchUpdateInput): Promise<ReleaseBatch> {
  await renameReleaseBatch(db, batch, input.name);
  return reread(db, batch.id);
}

/** Remove, add, add_matching, then release, in one transaction (production/release-update.ts). */
export async function changeReleaseDevices(
  db: Kysely<DB>,
  { batch, project }: { batch: ReleaseBatchHead; project: Project },
  caller: Principal,
  input: ReleaseBatchUpdateDevicesInput,
): Promise<ReleaseBatchUpdateDevicesResult> {
  const counts = await updateReleaseDevices(db, { batchId: batch.id, project, callerId: caller.id }, input);
  await renewPickStatistics(db, counts.added + counts.removed);
  // The boards read as released already; their own status is written in the background.
  if (counts.released) releaseCatchUp(db).kick();
  return { batch: await reread(db, batch.id), ...counts };
}

/**
 * Deletes a draft: its boards go back to the pool, pickable again. A released batch is a record
 * of boards that shipped and stays (409).
 */
export async function removeRelease(db: Kysely<DB>, batch: ReleaseBatchHead): Promise<void> {
  let freed = 0;
  await deleteRow({ db }, {
    lock: (trx) => lockReleaseBatch(trx, batch.id),
    refusal: (_trx, locked) =>
      locked.status === 'released'
        ? `${named('Release batch', locked.name)} is released; its ${countOf(locked.device_count, 'board', 'boards')} shipped, so it stays on record.`
        : null,
    remove: async (trx, locked) => {
      freed = await freeBoards(trx, locked.id);
      await deleteReleaseBatch(trx, locked.id);
    },
  });
  await renewPickStatistics(db, freed);
}
