import { oneOf, pageOf } from '../../contract/envelope';
import { manufacturerCreateInput, manufacturerListQuery, manufacturerSchema } from '../../contract/projects';
import { defineRoutes } from '../http/route';
import { addManufacturer, manufacturersOfProject } from '../services/manufacturers';

/** The manufacturers that build a project's boards: members read, admins and engineers add. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/projects/:id/manufacturers',
    summary: "A project's manufacturers",
    access: 'read',
    scope: 'project',
    query: manufacturerListQuery,
    response: pageOf(manufacturerSchema),
    handler: async ({ row: project, query }) => manufacturersOfProject(db, project, query),
  });

  route({
    method: 'POST',
    url: '/projects/:id/manufacturers',
    summary: 'Add a manufacturer to a project',
    access: 'production.edit',
    scope: 'project',
    body: manufacturerCreateInput,
    status: 201,
    response: oneOf(manufacturerSchema),
    handler: async ({ row: project, body }) => ({ data: await addManufacturer(db, project, body) }),
  });
});
