import { oneOf, pageOf } from '../../contract/envelope';
import { projectCreateInput, projectListQuery, projectSchema, projectUpdateInput } from '../../contract/projects';
import { defineRoutes } from '../http/route';
import { addProject, changeProject, projectsOfCompany } from '../services/projects';

export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies/:id/projects',
    summary: "A company's projects",
    description: "Listing one's own company also lists the projects of other companies one joined by invitation.",
    access: 'read',
    scope: 'company',
    query: projectListQuery,
    response: pageOf(projectSchema),
    handler: async ({ caller, row: company, query }) => projectsOfCompany(db, caller, company.id, query),
  });

  route({
    method: 'POST',
    url: '/projects',
    summary: 'Create a project (beyond SPEC.md)',
    description: 'Until processing a project request creates projects, a superadmin creates them directly.',
    access: 'platform',
    body: projectCreateInput,
    status: 201,
    response: oneOf(projectSchema),
    handler: async ({ body }) => ({ data: await addProject(db, body) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id',
    summary: 'One project',
    access: 'read',
    scope: 'project',
    response: oneOf(projectSchema),
    handler: async ({ row: project }) => ({ data: project }),
  });

  route({
    method: 'PATCH',
    url: '/projects/:id',
    summary: 'Rename, describe or archive a project',
    access: 'company.manage',
    scope: 'project',
    body: projectUpdateInput,
    response: oneOf(projectSchema),
    handler: async ({ row: project, body }) => ({ data: await changeProject(db, project, body) }),
  });
});
