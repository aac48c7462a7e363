import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import type { Manufacturer, ManufacturerCreateInput, manufacturerListQuery, Project } from '../../contract/projects';
import type { DB } from '../db/schema';
import { createManufacturer, findManufacturer, listProjectManufacturers } from '../store/manufacturers';

/** The manufacturers that build a project's boards. */
export function manufacturersOfProject(
  db: Kysely<DB>,
  project: Project,
  list: z.output<typeof manufacturerListQuery>,
): Promise<Page<Manufacturer>> {
  return listProjectManufacturers(db, project.id, list);
}

/** A name already used in the project is a 422 on `name` (the store checks, the index backs it). */
export async function addManufacturer(db: Kysely<DB>, project: Project, input: ManufacturerCreateInput): Promise<Manufacturer> {
  const id = await createManufacturer(db, { project_id: project.id, ...input });
  return (await findManufacturer(db, id))!;
}
