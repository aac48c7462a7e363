import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import {
  projectCreateInput,
  projectListQuery,
  projectUpdateInput,
  type Project,
} from '../../contract/projects';
import { canManageProject, canSeeCompany, requireSuperadmin, requireVisible } from '../access';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden, invalidField } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { visibleProject } from '../production/visible';
import { findCompany } from '../store/companies';
import { PROJECT_SORTING, createProject, findProject, selectCompanyProjects, toProject, updateProject } from '../store/projects';

type WithId = { Params: { id: string } };

export const projectRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get<WithId>('/companies/:id/projects', async (request): Promise<Page<Project>> => {
    const { caller } = request;
    const company = requireVisible(await findCompany(db, parseId(request.params.id)), (c) =>
      canSeeCompany(caller, c.id),
    );
    const list = parseInput(projectListQuery, request.query);
    // Listing one's own company also lists the projects one joined by invitation.
    let query = selectCompanyProjects(db, company.id, caller.company_id === company.id ? caller.member_project_ids : []);
    if (list.search) {
      query = query.where(matchesSearch(db, list.search, [sql.ref('projects.name'), sql.ref('projects.description')]));
    }
    if (list.status) query = query.where('projects.status', '=', list.status);
    const page = await pagedList(query, list, PROJECT_SORTING);
    return { data: page.data.map(toProject), meta: page.meta };
  });

  /**
   * Addition to SPEC.md §7: until project creation requests (a later issue) create projects,
   * a superadmin creates them directly. Superadmin-only, so no customer can bypass the request.
   */
  app.post('/projects', async (request, reply): Promise<One<Project>> => {
    requireSuperadmin(request.caller);
    const input = parseInput(projectCreateInput, request.body);
    if (!(await findCompany(db, input.company_id))) throw invalidField('company_id', 'There is no such company.');
    const id = await createProject(db, input);
    reply.status(201);
    return { data: (await findProject(db, id))! };
  });

  app.get<WithId>('/projects/:id', async (request): Promise<One<Project>> => {
    return { data: await visibleProject(db, request.caller, request.params.id) };
  });

  app.patch<WithId>('/projects/:id', async (request): Promise<One<Project>> => {
    const { caller } = request;
    const project = await visibleProject(db, caller, request.params.id);
    if (!canManageProject(caller, project.company_id)) throw forbidden('Only an admin of the company may change a project.');
    const input = parseInput(projectUpdateInput, request.body);
    await updateProject(db, project, input);
    return { data: (await findProject(db, project.id))! };
  });
};
