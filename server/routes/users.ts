import { oneOf, pageOf } from '../../contract/envelope';
import { userListQuery, userSchema, userUpdateInput } from '../../contract/users';
import { defineRoutes } from '../http/route';
import { changeUser, listUsers } from '../services/users';

export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/users',
    summary: 'All users',
    description: 'Filtered by company, searched by username and email.',
    access: 'platform',
    query: userListQuery,
    response: pageOf(userSchema),
    handler: async ({ query }) => listUsers(db, query),
  });

  route({
    method: 'GET',
    url: '/users/:id',
    summary: 'One user',
    description: 'The app loads `GET /users/me` on every start; a user always sees themself.',
    access: 'read',
    scope: 'user',
    response: oneOf(userSchema),
    handler: async ({ row: user }) => ({ data: user }),
  });

  route({
    method: 'PATCH',
    url: '/users/:id',
    summary: "Change a user's name, email, password or roles",
    description:
      'A company admin may not edit a superadmin (403). Changing roles needs an admin of the ' +
      "user's company or a superadmin (403); sending them unchanged needs no right. The last " +
      'superadmin keeps the role (422). A new password of one\'s own needs `current_password` ' +
      "(422) and ends the user's other sessions.",
    access: 'user.edit',
    scope: 'user',
    body: userUpdateInput,
    response: oneOf(userSchema),
    handler: async ({ caller, row: user, body, request }) => ({
      data: await changeUser(db, caller, user, body, request.tokenId),
    }),
  });
});
