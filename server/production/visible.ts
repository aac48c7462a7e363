import type { Kysely } from 'kysely';
import type { ProductionBatch } from '../../contract/batches';
import type { Project } from '../../contract/projects';
import { canSeeProject, requireVisible } from '../access';
import type { Caller } from '../auth/authenticate';
import type { DB } from '../db/schema';
import { parseId } from '../http/validate';
import { findBatch } from '../store/batches';
import { findProject } from '../store/projects';

/**
 * The project of a route's `:id`, or 404 when it does not exist or the caller may not see it
 * (another company's, unless the caller joined it by invitation).
 */
export async function visibleProject(db: Kysely<DB>, caller: Caller, rawId: string): Promise<Project> {
  const project = await findProject(db, parseId(rawId));
  return requireVisible(project, (p) => canSeeProject(caller, p));
}

/** The batch of a route's `:id` with its project, under the same rule. */
export async function visibleBatch(
  db: Kysely<DB>,
  caller: Caller,
  rawId: string,
): Promise<{ batch: ProductionBatch; project: Project }> {
  const batch = await findBatch(db, parseId(rawId));
  const project = batch && (await findProject(db, batch.project_id));
  requireVisible(project, (p) => canSeeProject(caller, p));
  return { batch: batch!, project: project! };
}
