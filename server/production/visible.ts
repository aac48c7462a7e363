import type { Kysely } from 'kysely';
import type { ProductionBatch } from '../../contract/batches';
import type { Project } from '../../contract/projects';
import { canSeeProject, requireVisible } from '../access';
import type { Caller } from '../auth/authenticate';
import type { DB } from '../db/schema';
import { parseId } from '../http/validate';
import { findBatch } from '../store/batches';
import { findProject } from '../store/projects';
import { findReleaseBatchHead, type ReleaseBatchHead } from '../store/release-batches';

/**
 * The project of a route's `:id`, or 404 when it does not exist or the caller may not see it
 * (another company's, unless the caller joined it by invitation).
 */
export async function visibleProject(db: Kysely<DB>, caller: Caller, rawId: string): Promise<Project> {
  const project = await findProject(db, parseId(rawId));
  return requireVisible(project, (p) => canSeeProject(caller, p));
}

/**
 * A row that belongs to a project (a batch, a release batch) with that project, or 404 when the
 * row is missing or the caller may not see its project: one rule for every child of a project.
 */
async function inVisibleProject<T extends { project_id: number }>(
  db: Kysely<DB>,
  caller: Caller,
  row: T | undefined,
): Promise<{ row: T; project: Project }> {
  const project = row && (await findProject(db, row.project_id));
  requireVisible(project, (p) => canSeeProject(caller, p));
  return { row: row!, project: project! };
}

/** The production batch of a route's `:id` with its project. */
export async function visibleBatch(db: Kysely<DB>, caller: Caller, rawId: string) {
  const { row, project } = await inVisibleProject(db, caller, await findBatch(db, parseId(rawId)));
  return { batch: row as ProductionBatch, project };
}

/** The release batch of a route's `:id` with its project. */
export async function visibleReleaseBatch(db: Kysely<DB>, caller: Caller, rawId: string) {
  const { row, project } = await inVisibleProject(db, caller, await findReleaseBatchHead(db, parseId(rawId)));
  return { batch: row as ReleaseBatchHead, project };
}
