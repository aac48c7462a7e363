import type { FastifyPluginAsync } from 'fastify';
import { grantableRoleSlugs } from '../access';
import type { RouteDeps } from '../config';
import { listCompanyTypes, listRoles } from '../store/roles';

/** The short fixed lists the forms pick from. */
export const lookupRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get('/company_types', async () => ({ data: await listCompanyTypes(db) }));

  app.get('/roles', async () => ({ data: await listRoles(db) }));

  /** The roles the caller may hand out on a user form. */
  app.get('/companyroles', async (request) => {
    const grantable = new Set<string>(grantableRoleSlugs(request.caller));
    const roles = await listRoles(db);
    return { data: roles.filter((role) => grantable.has(role.slug)) };
  });
};
