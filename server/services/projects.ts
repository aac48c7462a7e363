import type { Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { Principal } from '../../contract/permissions';
import type { Project, ProjectCreateInput, ProjectListQuery, ProjectUpdateInput } from '../../contract/projects';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { findCompany } from '../store/companies';
import { createProject, findProject, listCompanyProjects, updateProject } from '../store/projects';

/**
 * A company's projects. Listing one's own company also lists the projects one joined by
 * invitation (a manufacturer's people see the customer projects they build for).
 */
export function projectsOfCompany(
  db: Kysely<DB>,
  caller: Principal,
  companyId: number,
  list: ProjectListQuery,
): Promise<Page<Project>> {
  const memberships = caller.company_id === companyId ? (caller.member_project_ids ?? []) : [];
  return listCompanyProjects(db, companyId, memberships, list);
}

/** Until project requests (a later issue) create projects, a superadmin creates them directly. */
export async function addProject(db: Kysely<DB>, input: ProjectCreateInput): Promise<Project> {
  if (!(await findCompany(db, input.company_id))) throw invalidField('company_id', 'There is no such company.');
  return (await findProject(db, await createProject(db, input)))!;
}

export async function changeProject(db: Kysely<DB>, project: Project, input: ProjectUpdateInput): Promise<Project> {
  await updateProject(db, project, input);
  return (await findProject(db, project.id))!;
}
