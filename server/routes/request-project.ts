import { oneOf } from '../../contract/envelope';
import { createdProjectSchema, createProjectInput } from '../../contract/requests';
import { defineRoutes, idOf } from '../http/route';
import { createProjectFromRequest } from '../services/request-project';

/** The last step of processing a project request: its project. Superadmin-only. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'PATCH',
    url: '/requests/:id/project',
    summary: 'Create the project from a request',
    description:
      'For the request’s company, named and described as the request unless said; the request’s selected modules and cartridges become ' +
      'the project’s, and the request is completed. A step before not done → 422 on `step` naming it; a project that exists → 409; ' +
      'a name the company uses → 422 on `name`.',
    access: 'platform',
    body: createProjectInput,
    response: oneOf(createdProjectSchema),
    handler: async ({ request, body }) => ({ data: await createProjectFromRequest(db, idOf(request.params), body) }),
  });
});
