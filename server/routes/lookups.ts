import { companyTypeSchema } from '../../contract/companies';
import { listOf } from '../../contract/envelope';
import { roleSchema } from '../../contract/roles';
import { defineRoutes } from '../http/route';
import { listCompanyTypes } from '../services/companies';
import { grantableRoles, listRoles } from '../services/users';

/** The short fixed lists the forms pick from. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/company_types',
    summary: 'The company types',
    access: 'read',
    response: listOf(companyTypeSchema),
    handler: async () => ({ data: await listCompanyTypes(db) }),
  });

  route({
    method: 'GET',
    url: '/roles',
    summary: 'All roles',
    access: 'read',
    response: listOf(roleSchema),
    handler: async () => ({ data: await listRoles(db) }),
  });

  route({
    method: 'GET',
    url: '/companyroles',
    summary: 'The roles the caller may grant',
    description: 'What a user form offers: superadmins any role, company admins the company roles, others none.',
    access: 'read',
    response: listOf(roleSchema),
    handler: async ({ caller }) => ({ data: await grantableRoles(db, caller) }),
  });
});
