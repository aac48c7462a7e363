import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import { userCreateInput, userListQuery, type User } from '../../contract/users';
import { canManageUsersOf, canSeeCompany, requireVisible, roleGrantErrors } from '../access';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden, invalid } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { findCompany } from '../store/companies';
import { listRoles } from '../store/roles';
import { USER_SORTING, createUser, findUser, selectUsers, takenUserFields, toUsers } from '../store/users';

type WithId = { Params: { id: string } };

/** A company's users: its members see the list, its admins (and superadmins) add to it. */
export const companyUserRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get<WithId>('/companies/:id/users', async (request): Promise<Page<User>> => {
    const { caller } = request;
    const company = requireVisible(await findCompany(db, parseId(request.params.id)), (c) =>
      canSeeCompany(caller, c.id),
    );
    // company_id is the path's; the contract's list query also allows it as a filter elsewhere.
    const list = parseInput(userListQuery.omit({ company_id: true }), request.query);
    let query = selectUsers(db).where('users.company_id', '=', company.id);
    if (list.search) {
      query = query.where(matchesSearch(db, list.search, [sql.ref('users.username'), sql.ref('users.email')]));
    }
    const page = await pagedList(query, list, USER_SORTING);
    return { data: await toUsers(db, page.data), meta: page.meta };
  });

  app.post<WithId>('/companies/:id/users', async (request, reply): Promise<One<User>> => {
    const { caller } = request;
    const company = requireVisible(await findCompany(db, parseId(request.params.id)), (c) =>
      canSeeCompany(caller, c.id),
    );
    if (!canManageUsersOf(caller, company.id)) throw forbidden('Only an admin of the company may add users.');
    const input = parseInput(userCreateInput, request.body);
    const errors = {
      ...(await takenUserFields(db, input)),
      ...roleGrantErrors(caller, input.role_ids, await listRoles(db)),
    };
    if (Object.keys(errors).length) throw invalid(errors);
    const id = await createUser(db, { ...input, company_id: company.id });
    reply.status(201);
    return { data: (await findUser(db, id))! };
  });
};
