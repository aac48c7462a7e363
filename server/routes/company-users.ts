import { oneOf, pageOf } from '../../contract/envelope';
import { companyUserListQuery, userCreateInput, userSchema } from '../../contract/users';
import { defineRoutes } from '../http/route';
import { addUser, listUsers } from '../services/users';

/** A company's users: its members see the list, its admins (and superadmins) add to it. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies/:id/users',
    summary: "A company's users",
    description: 'Searched by username and email.',
    access: 'read',
    scope: 'company',
    query: companyUserListQuery,
    response: pageOf(userSchema),
    handler: async ({ row: company, query }) => listUsers(db, { ...query, company_id: company.id }),
  });

  route({
    method: 'POST',
    url: '/companies/:id/users',
    summary: 'Add a user to a company',
    description:
      'Company admins grant the company roles, superadmins any role (422 on `role_ids` otherwise). ' +
      'Usernames and emails are unique regardless of case.',
    access: 'users.manage',
    scope: 'company',
    body: userCreateInput,
    status: 201,
    response: oneOf(userSchema),
    handler: async ({ caller, row: company, body }) => ({ data: await addUser(db, caller, company.id, body) }),
  });
});
