import type { Kysely } from 'kysely';
import type { Project } from '../../contract/projects';
import { canSeeProject, requireVisible } from '../access';
import type { Caller } from '../auth/authenticate';
import type { DB } from '../db/schema';
import { parseId } from '../http/validate';
import { findProject } from '../store/projects';
import { findReleaseBatchHead, type ReleaseBatchHead } from '../store/release-batches';

/**
 * The release batch of a route's `:id` with its project, or 404 when either is missing or the
 * caller may not see the project (the rule of `visibleProject`: company, superadmin, member).
 */
export async function visibleReleaseBatch(
  db: Kysely<DB>,
  caller: Caller,
  rawId: string,
): Promise<{ batch: ReleaseBatchHead; project: Project }> {
  const batch = await findReleaseBatchHead(db, parseId(rawId));
  const project = batch && (await findProject(db, batch.project_id));
  requireVisible(project, (p) => canSeeProject(caller, p));
  return { batch: batch!, project: project! };
}
